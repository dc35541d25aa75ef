'use client';

import { useState } from 'react';
import type { ImportReport } from '../../../lib/convert/model';
import type { GenerateOptions } from '../../../lib/wizard/service';
import { BaseUrlField } from './base-url-field';

/**
 * Generate the skill again from the same spec (SPEC 4.2): another skill name, a base
 * URL that replaces the spec's servers (a sandbox, a proxy) or resolves a relative one, the
 * value of each server variable the URLs use (with its description, default and allowed
 * values), and, where the spec lists several servers, which one. A variable whose default is
 * its author's example is marked as needed: until it is set the skill has errors.
 */
export function RegenerateForm({ folder, report, busy, onRegenerate }: { folder: string; report: ImportReport; busy: boolean; onRegenerate: (options: GenerateOptions) => void }) {
  const { servers } = report;
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState(servers.baseUrl ?? '');
  const choices = servers.listed.filter((s) => s.alternative);
  const [server, setServer] = useState(choices.find((s) => s.used)?.url ?? choices[0]?.url ?? '');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(servers.variables.filter((v) => v.given).map((v) => [v.name, v.value ?? ''])));
  const relative = report.warnings.some((w) => w.ruleId === 'relative-server');
  const needed = servers.variables.filter((v) => v.placeholder && !v.given);
  return (
    <>
      {relative && (
        <p className="notice" role="note">
          The spec&apos;s server URL is relative, so no operation has a full URL yet and each fails <code>operation-url</code>. Give the API&apos;s base
          URL below and generate again.
        </p>
      )}
      {needed.length > 0 && (
        <p className="notice" role="note" aria-label="Server variables to set">
          The URLs keep {needed.map((v, i) => (
            <span key={v.name}>
              {i > 0 && ', '}
              <code>{`{${v.name}}`}</code>
            </span>
          ))}{' '}
          until you set {needed.length === 1 ? 'it' : 'them'} below: the spec&apos;s default is its author&apos;s example, so the skill cannot be published
          with it.
        </p>
      )}
      <form
        className="regenerate"
        onSubmit={(e) => {
          e.preventDefault();
          // The first server of a list is the default: only another one is sent as a choice.
          onRegenerate({ name, baseUrl, server: choices.length > 0 && server !== choices[0].url ? server : undefined, serverVariables: values });
        }}
      >
        <label className="field">
          <span>Skill name</span>
          <input value={name} placeholder={folder} onChange={(e) => setName(e.target.value)} />
        </label>
        <BaseUrlField value={baseUrl} onChange={setBaseUrl} />
        {choices.length > 0 && (
          <label className="field">
            <span>Server</span>
            <select value={server} onChange={(e) => setServer(e.target.value)}>
              {choices.map((s) => (
                <option key={s.url} value={s.url}>
                  {s.description ? `${s.description}: ${s.url}` : s.url}
                </option>
              ))}
            </select>
          </label>
        )}
        {servers.variables.length > 0 && (
          <fieldset className="server-variables">
            <legend>Server variables</legend>
            {servers.variables.filter((v, i, all) => all.findIndex((w) => w.name === v.name) === i).map((v) => {
              // Servers at different levels may declare the name with other defaults: one field sets them all, and each host is named.
              const levels = servers.variables.filter((w) => w.name === v.name && w.hosts !== undefined);
              const id = `server-variable-${v.name}`;
              const value = values[v.name] ?? '';
              const set = (text: string) => setValues((old) => ({ ...old, [v.name]: text }));
              return (
                <div key={v.name} className="field">
                  <label htmlFor={id}>
                    <code>{v.name}</code>
                    {v.placeholder && !v.given && <span className="severity error"> needed</span>}
                  </label>
                  {v.enum ? (
                    <select id={id} value={value} onChange={(e) => set(e.target.value)} aria-describedby={`${id}-about`}>
                      <option value="">{v.default !== undefined ? `the default, ${v.default}` : 'not set'}</option>
                      {v.enum.map((x) => (
                        <option key={x} value={x}>
                          {x}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input id={id} value={value} placeholder={v.default ?? ''} onChange={(e) => set(e.target.value)} aria-describedby={`${id}-about`} />
                  )}
                  <p id={`${id}-about`} className="muted">
                    {sentence(v.description ?? 'No description in the spec.')}{' '}
                    {v.default !== undefined && (v.placeholder ? `Its default, ${v.default}, is an example.` : `Default: ${v.default}.`)}
                  </p>
                  {levels.length > 1 && (
                    <ul className="muted">
                      {levels.flatMap((w) =>
                        (w.hosts ?? []).map((h) => (
                          <li key={`${w.default ?? ''} ${h.url}`}>
                            {w.default !== undefined ? `Default ${w.default}` : 'No default'}: <code>{h.url}</code> for {h.operations === 1 ? '1 operation' : `${h.operations} operations`} ({h.examples.join(', ')}
                            {h.operations > h.examples.length ? ', …' : ''})
                          </li>
                        )),
                      )}
                    </ul>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        <button type="submit" disabled={busy}>
          Generate again
        </button>
      </form>
    </>
  );
}

/** A spec's description followed by another sentence: ended with a full stop if it has no ending of its own. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
