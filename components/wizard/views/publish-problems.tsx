'use client';

import { useState } from 'react';
import type { Problem } from '../../../lib/core/problem';
import { byWeight, groupProblems, type ProblemGroup } from '../../../lib/core/problem-groups';
import { count } from './format';
import { ProblemList } from './problem-list';

/** Groups shown before "Show more"; places listed in an open group before its "Show more". */
const GROUP_PAGE = 25;
const PLACE_PAGE = 100;

const placeOf = (p: Problem) => `${p.file}${p.line !== undefined ? `:${p.line}` : ''}`;

/**
 * Publish problems grouped by rule and message, errors first and the largest
 * groups first: one line a group with its count and its first places, each place a button to
 * the file; "All N places" opens the rest, a page at a time, so a thousand problems are a few
 * lines until asked for.
 */
export function PublishProblems({ problems, onOpen, label }: { problems: readonly Problem[]; onOpen: (p: Problem) => void; label: string }) {
  const groups = byWeight(groupProblems(problems, { byShape: true }));
  const [shown, setShown] = useState(GROUP_PAGE);
  return (
    <>
      <ul className="problem-groups" aria-label={label}>
        {groups.slice(0, shown).map((g) => (
          <GroupItem key={g.key} group={g} onOpen={onOpen} />
        ))}
      </ul>
      {groups.length > shown && (
        <button type="button" onClick={() => setShown((n) => n + GROUP_PAGE)}>
          Show {Math.min(GROUP_PAGE, groups.length - shown)} more kinds of problem (of {groups.length - shown})
        </button>
      )}
    </>
  );
}

function GroupItem({ group, onOpen }: { group: ProblemGroup; onOpen: (p: Problem) => void }) {
  const [first] = group.problems;
  const [places, setPlaces] = useState(PLACE_PAGE);
  const n = group.problems.length;
  if (n === 1)
    return (
      <li className="problem-group">
        <ProblemList problems={group.problems} showFile onSelect={onOpen} label={`One ${first.ruleId} problem`} />
      </li>
    );
  return (
    <li className="problem-group">
      <div className="problem-group-head">
        <span className={`severity ${first.severity}`}>{first.severity}</span> <span className="rule">{first.ruleId}</span>{' '}
        <span className="message">{group.message}</span> <strong className="group-count">{count(n, 'place')}</strong>
      </div>
      <p className="group-places">
        {group.problems.slice(0, 3).map((p, i) => (
          <button key={i} type="button" className="link where" onClick={() => onOpen(p)}>
            {placeOf(p)}
          </button>
        ))}
        {n > 3 && <span className="muted"> and {n - 3} more</span>}
      </p>
      {n > 3 && (
        <details className="folded">
          <summary>All {count(n, 'place')} of {group.ruleId}</summary>
          <ProblemList problems={group.problems.slice(0, places)} showFile onSelect={onOpen} label={`Every place of this ${group.ruleId} problem`} />
          {n > places && (
            <button type="button" onClick={() => setPlaces((k) => k + PLACE_PAGE)}>
              Show {Math.min(PLACE_PAGE, n - places)} more places
            </button>
          )}
        </details>
      )}
    </li>
  );
}
