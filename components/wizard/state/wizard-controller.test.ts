import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createWizardService, type WizardRequest } from '../../../lib/wizard/service';
import type { ChangeRequest, StorageRequest } from '../worker/worker-protocol';
import type { JournalEntry } from './edit-journal';
import type { SendToWorker } from '../worker/worker-client';
import type { Reply } from '../worker/worker-protocol';
import { createWizardController, EDIT_GAP_MS, type WizardController, type WizardIO } from './wizard-controller';
import { initialWizardState, typedText, wizardReducer, type WizardState } from './wizard-state';

const SAMPLE = new Uint8Array(readFileSync(new URL('../../../public/samples/hollowbrook.openapi.yaml', import.meta.url)));

/**
 * The controller against the wizard's service itself, one request at a time as the worker
 * takes them; `hold` keeps the "worker" busy until `release`, as a slow request would.
 */
function harness() {
  let service = createWizardService();
  // What the browser would keep: each draft's snapshot and upload as of its last save.
  const kept = new Map<string, { snapshot: unknown; upload: unknown }>();
  let draft: string | null = null;
  let drafts = 0;
  const sent: (WizardRequest | StorageRequest)[] = [];
  let line: Promise<unknown> = Promise.resolve();
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const self: { controller?: WizardController } = {};
  /** The worker's side of a request: the service, and the drafts it keeps. */
  const handle = async (request: WizardRequest | StorageRequest): Promise<Reply> => {
    switch (request.type) {
      case 'list-drafts':
        return {
          type: 'drafts',
          drafts: [...kept.keys()].map((id) => ({ id, ok: true, info: { id, folder: 'hollowbrook-guesthouse', origin: { kind: 'spec', name: 'x' }, files: 6, edited: 0, createdAt: 1, savedAt: 1, changedAt: 1 } })),
        };
      case 'open-draft': {
        const saved = kept.get(request.id);
        if (!saved) return { type: 'unreadable', id: request.id, name: request.id, why: 'it is no longer kept in this browser' };
        const reply = await service.handle({ type: 'restore', ...structuredClone(saved) });
        if (reply.type === 'opened' && reply.result.ok) draft = request.id;
        return reply;
      }
      case 'delete-draft':
        kept.delete(request.id);
        return { type: 'deleted', id: request.id };
      case 'rename-draft':
        return { type: 'renamed', id: request.id, label: request.label };
      case 'export-draft':
      case 'raw-draft':
      case 'flush':
        return { type: 'flushed' };
      default: {
        const reply = await service.handle(request);
        if (['convert', 'regenerate', 'open-bundle'].includes(request.type) && reply.type === 'opened' && reply.result.ok) {
          draft = `draft-${++drafts}`;
          self.controller!.onWorker({ type: 'draft', id: draft });
        }
        return reply;
      }
    }
  };
  // Requests the "worker" has not answered: a restart answers them `stopped`, as the client does.
  const waiting = new Set<(reply: Reply) => void>();
  const send = ((request: WizardRequest | StorageRequest) => {
    sent.push(request);
    const worker = service;
    const handled = line.then(() => gate).then(async (): Promise<Reply> => (worker !== service ? { type: 'stopped', message: 'stopped' } : handle(request)));
    const reply = new Promise<Reply>((resolve) => {
      waiting.add(resolve);
      void handled.then((r) => {
        waiting.delete(resolve);
        resolve(r);
      });
    });
    line = reply;
    return reply;
  }) as SendToWorker;
  let state: WizardState = initialWizardState;
  const held = new Set<string>();
  const elsewhere = new Set<string>();
  const io: WizardIO = {
    readChosenFiles: async (chosen) => ({ entries: await Promise.all(chosen.files.map(async (f) => ({ path: f.path, bytes: new Uint8Array(await f.file.arrayBuffer()) }))), problems: [] }),
    fetchSpec: vi.fn(async () => ({ entries: [], problems: [] })),
    fetchSample: async () => ({ name: 'hollowbrook.openapi.yaml', bytes: SAMPLE.slice() }),
    saveBytes: vi.fn(),
    confirm: vi.fn(() => true),
    locks: {
      hold: async (id) => !elsewhere.has(id) && (held.add(id), true),
      release: (id) => void held.delete(id),
      elsewhere: async () => new Set(elsewhere),
      whenFree: () => {},
    },
  };
  const controller = createWizardController(send, { get: () => state, dispatch: (action) => (state = wizardReducer(state, action)) }, io);
  self.controller = controller;
  return {
    controller,
    get service() {
      return service;
    },
    io,
    sent,
    held,
    elsewhere,
    kept,
    state: () => state,
    /** A fresh page's state, as after a reload. */
    reloaded: () => void (state = initialWizardState),
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    settled: async () => {
      for (let i = 0; i < 5; i++) await line;
    },
    text: async (path: string) => {
      const reply = await service.handle({ type: 'file', path });
      return reply.type === 'file' ? reply.file?.text : undefined;
    },
    /** The worker's save of the open draft, as IndexedDB would hold it. */
    save() {
      if (draft) kept.set(draft, structuredClone({ snapshot: service.snapshot(), upload: service.lastUpload() }));
    },
    /** A new worker, holding nothing, as after Cancel. */
    restart() {
      service = createWizardService();
      draft = null;
      gate = Promise.resolve();
      line = Promise.resolve();
      for (const resolve of waiting) resolve({ type: 'stopped', message: 'stopped' });
      waiting.clear();
    },
  };
}

describe('createWizardController', () => {
  it('opens the sample to its report, then a file with its text, its tool and the call its example arguments make', async () => {
    const h = harness();
    await h.controller.onSample({});
    expect(h.state()).toMatchObject({ starting: false, busy: null, selected: null });
    expect(h.state().summary?.tools).toBe(5);
    await h.controller.openFile('get_booking.md');
    await h.settled();
    const state = h.state();
    expect(state.file?.text).toContain('method: GET');
    expect(state.tool).toMatchObject({ ok: true, tool: { name: 'hollowbrook-guesthouse_get_booking' } });
    expect(state.args).toBe('{\n  "booking_id": "booking_id"\n}');
    expect(state.request).toMatchObject({ ok: true, value: { method: 'GET', url: 'http://outturn-hollowbrook:8084/bookings/booking_id' } });
  });

  it("sends the Call tab's base URL with every call preview of the skill, and keeps it out of the skill, the drafts and the worker's other requests", async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('get_booking.md');
    await h.settled();
    const MOCK = 'http://127.0.0.1:4010/mock';
    await h.controller.onCallBaseUrl(MOCK);
    await h.settled();
    expect(h.state().callBaseUrl).toBe(MOCK);
    expect(h.state().request).toMatchObject({ ok: true, value: { url: `${MOCK}/bookings/booking_id` } });
    // Another operation of the same skill, and an edit of it: the same base URL.
    await h.controller.openFile('list_rooms.md');
    await h.settled();
    expect(h.state().request).toMatchObject({ ok: true, value: { url: `${MOCK}/rooms` } });
    h.controller.onEdit(`${h.state().file!.text}\n`);
    await h.controller.flushEdits();
    await h.settled();
    const calls = h.sent.filter((r): r is Extract<WizardRequest, { type: 'call' }> => r.type === 'call');
    expect(calls.slice(-3).map((r) => r.baseUrl)).toEqual([MOCK, MOCK, MOCK]);
    // Refused as the CLI refuses it, and blank is the operation's own again.
    await h.controller.onCallBaseUrl('localhost:4010');
    await h.settled();
    expect(h.state().request).toMatchObject({ ok: false, problems: [{ ruleId: 'call-base-url' }] });
    await h.controller.onCallBaseUrl('  ');
    await h.settled();
    expect(h.sent.at(-1)).toEqual({ type: 'call', path: 'list_rooms.md', args: h.state().args });
    expect(h.state().request).toMatchObject({ ok: true, value: { url: 'http://outturn-hollowbrook:8084/rooms' } });
    await h.controller.onCallBaseUrl(MOCK);
    await h.settled();
    h.save();
    expect(JSON.stringify([...h.kept.values()])).not.toContain('127.0.0.1');
    expect(JSON.stringify(h.sent.filter((r) => r.type !== 'call'))).not.toContain('127.0.0.1');
    // Another skill is not sent to this one's server.
    await h.controller.onSample({ name: 'other' });
    expect(h.state().callBaseUrl).toBe('');
  });

  it('sends the latest text only when typing outruns the worker, and the summary follows it', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('list_rooms.md');
    const text = h.state().file!.text;
    h.hold();
    for (const n of [1, 2, 3]) h.controller.onEdit(`${text}\nline ${n}\n`);
    expect(typedText(h.state())).toBe(`${text}\nline 3\n`);
    h.release();
    await h.controller.flushEdits();
    await h.settled();
    const edits = h.sent.filter((r): r is Extract<WizardRequest, { type: 'edit' }> => r.type === 'edit');
    expect(edits.map((e) => e.text.slice(-7))).toEqual(['\nline 1\n', '\nline 3\n'].map((t) => t.slice(-7)));
    expect(await h.text('list_rooms.md')).toBe(`${text}\nline 3\n`);
    expect(h.state().summary?.files.find((f) => f.path === 'list_rooms.md')?.edited).toBe(true);
  });

  it('asks for the tool and the call again after an edit of an operation file, and not after one of SKILL.md (it has neither)', async () => {
    const h = harness();
    await h.controller.onSample({});
    const asked = async (path: string) => {
      await h.controller.openFile(path);
      const before = h.sent.length;
      h.controller.onEdit(`${h.state().file!.text}\n`);
      await h.controller.flushEdits();
      await h.settled();
      return h.sent.slice(before).map((r) => r.type);
    };
    expect(await asked('list_rooms.md')).toEqual(['edit', 'tool', 'call']);
    expect(await asked('SKILL.md')).toEqual(['edit']);
  });

  it('sends typing that came while the worker was busy after a gap, not the moment it answers (the first edit at once)', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('list_rooms.md');
    const text = h.state().file!.text;
    const edits = () => h.sent.filter((r): r is Extract<WizardRequest, { type: 'edit' }> => r.type === 'edit').map((e) => e.text.slice(text.length));
    h.hold();
    h.controller.onEdit(`${text}\na`);
    expect(edits()).toEqual(['\na']);
    h.controller.onEdit(`${text}\nab`);
    h.release();
    await h.settled();
    // Answered: the typing since waits out the gap, and more typing joins it.
    h.controller.onEdit(`${text}\nabc`);
    expect(edits()).toEqual(['\na']);
    await new Promise((resolve) => setTimeout(resolve, EDIT_GAP_MS + 50));
    await h.settled();
    expect(edits()).toEqual(['\na', '\nabc']);
    expect(await h.text('list_rooms.md')).toBe(`${text}\nabc`);
  });

  it('sends typing once the keystroke is painted, one send for the keys before that paint; a page going away first posts it still', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('SKILL.md');
    const text = h.state().file!.text;
    const painted: (() => void)[] = [];
    h.io.afterPaint = (work) => void painted.push(work);
    const edits = () => h.sent.filter((r): r is Extract<WizardRequest, { type: 'edit' }> => r.type === 'edit').map((e) => e.text.slice(text.length));
    h.controller.onEdit(`${text}\na`);
    h.controller.onEdit(`${text}\nab`);
    expect([edits(), painted.length, h.controller.typingQueued(), typedText(h.state())]).toEqual([[], 1, true, `${text}\nab`]);
    painted.shift()!();
    expect(edits()).toEqual(['\nab']);
    await h.settled();
    expect(await h.text('SKILL.md')).toBe(`${text}\nab`);
    // Typed, its frame not painted yet, and the page goes away: the typing is posted before the save.
    h.controller.onEdit(`${text}\nabc`);
    h.controller.flush();
    expect(h.sent.slice(-2).map((r) => r.type)).toEqual(['edit', 'flush']);
    painted.shift()!();
    await h.settled();
    expect([edits(), await h.text('SKILL.md'), h.controller.typingQueued()]).toEqual([['\nab', '\nabc'], `${text}\nabc`, false]);
  });

  it('posts the typing waiting out the gap before the save when the page goes away', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('SKILL.md');
    const text = h.state().file!.text;
    h.controller.onEdit(`${text}\none`);
    await h.settled();
    h.controller.onEdit(`${text}\ntwo`);
    expect(h.controller.typingQueued()).toBe(true);
    h.controller.flush();
    expect(h.controller.typingQueued()).toBe(false);
    expect(h.sent.slice(-2).map((r) => r.type)).toEqual(['edit', 'flush']);
    await h.settled();
    expect(await h.text('SKILL.md')).toBe(`${text}\ntwo`);
    // The next typing goes over the version that edit made: nothing is refused.
    await h.controller.flushEdits();
    h.controller.onEdit(`${text}\nthree`);
    await h.controller.flushEdits();
    expect([h.state().notice, await h.text('SKILL.md')]).toEqual([null, `${text}\nthree`]);
  });

  it('writes what is not saved to the journal as the page goes away, and gives it to the worker again when the draft is continued', async () => {
    const h = harness();
    const journal = new Map<string, JournalEntry>();
    h.io.journal = { write: (id, entry) => void journal.set(id, structuredClone(entry)), take: (id) => { const e = journal.get(id); journal.delete(id); return e; }, clear: (id) => void journal.delete(id) };
    await h.controller.onSample({});
    h.save();
    const id = h.state().draftId!;
    await h.controller.openFile('SKILL.md');
    const text = h.state().file!.text;
    h.controller.onEdit(`${text}
one`);
    await h.settled();
    // The edit the worker made and no save holds, and typing still waiting out the gap.
    h.io.unsavedChanges = () => h.sent.filter((r): r is ChangeRequest => r.type === 'edit');
    h.controller.onEdit(`${text}
one two`);
    h.controller.flush();
    expect(journal.get(id)).toEqual({ changes: [expect.objectContaining({ type: 'edit', path: 'SKILL.md', text: `${text}\none` })], typed: { path: 'SKILL.md', text: `${text}\none two` } });
    await h.settled();
    // The page went away before the worker's save: a new one holds the draft as last saved.
    h.restart();
    h.reloaded();
    await h.controller.onContinue(id);
    expect(await h.text('SKILL.md')).toBe(`${text}\none two`);
    expect(h.state().summary!.files.find((f) => f.path === 'SKILL.md')).toMatchObject({ edited: true });
    expect(journal.has(id)).toBe(false);
  });

  it('shows no file while another is on its way from a busy worker, so typing cannot land in the wrong one', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('get_booking.md');
    const booking = h.state().file!.text;
    const rooms = await h.text('list_rooms.md');
    h.hold();
    const opening = h.controller.openFile('list_rooms.md');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([h.state().selected, h.state().file]).toEqual(['list_rooms.md', null]);
    h.controller.onEdit(`${booking}x`);
    h.release();
    await opening;
    await h.settled();
    expect(h.state().file?.text).toBe(rooms);
    expect(await h.text('list_rooms.md')).toBe(rooms);
    expect(await h.text('get_booking.md')).toBe(booking);
    expect(h.sent.some((r) => r.type === 'edit')).toBe(false);
  });

  it('reverts the open file to its generated text and loads it again', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('SKILL.md');
    const text = h.state().file!.text;
    h.controller.onEdit(`${text}\nMore.\n`);
    await h.controller.flushEdits();
    await h.controller.onRevert();
    await h.settled();
    expect(h.state().file?.text).toBe(text);
    expect(h.state().fileLoads).toBe(2);
    expect(h.state().summary?.files.some((f) => f.edited)).toBe(false);
  });

  it('goes back to the report after a removal, and opens the file put back', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('cancel_booking.md');
    await h.controller.onRemove();
    await h.settled();
    expect([h.state().selected, h.state().summary?.removed]).toEqual([null, ['cancel_booking.md']]);
    await h.controller.onPutBack('cancel_booking.md');
    await h.settled();
    expect([h.state().selected, h.state().file?.path, h.state().summary?.removed]).toEqual(['cancel_booking.md', 'cancel_booking.md', []]);
  });

  it('keeps the open skill and shows the problems when an upload is refused', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.onSpec({ chosen: { name: 'notes.yaml', kind: 'files', files: [{ path: 'notes.yaml', file: new File(['hello: world\n'], 'notes.yaml') }] } });
    expect(h.state().summary?.folder).toBe('hollowbrook-guesthouse');
    expect(h.state().uploadProblems[0]).toMatchObject({ severity: 'error', file: 'notes.yaml' });
  });

  it('keeps a skill with edits as its draft when another is opened, and holds the new draft for this tab (BAD-INPUT 24)', async () => {
    const h = harness();
    await h.controller.onSample({});
    expect(h.state().draftId).toBe('draft-1');
    await h.controller.openFile('SKILL.md');
    h.controller.onEdit('edited');
    await h.controller.flushEdits();
    h.save();
    await h.controller.onSample({ name: 'other' });
    expect(h.io.confirm).not.toHaveBeenCalled();
    expect([h.state().summary?.folder, h.state().draftId, [...h.held]]).toEqual(['other', 'draft-2', ['draft-2']]);
    // The first is still there, with its edit.
    await h.controller.onContinue('draft-1');
    expect([h.state().draftId, [...h.held]]).toEqual(['draft-1', ['draft-1']]);
    expect(await h.text('SKILL.md')).toBe('edited');
  });

  it('sends the typing still queued to the skill it was typed in before another skill replaces it (BAD-INPUT 24)', async () => {
    for (const next of ['sample', 'continue'] as const) {
      const h = harness();
      await h.controller.onSample({});
      h.save();
      await h.controller.onSample({ name: 'second' });
      await h.controller.openFile('SKILL.md');
      const text = h.state().file!.text;
      h.hold();
      h.controller.onEdit(`${text}\none`);
      h.controller.onEdit(`${text}\ntwo`);
      h.controller.showStart();
      const opening = next === 'sample' ? h.controller.onSample({ name: 'third' }) : h.controller.onContinue('draft-1');
      h.release();
      await opening;
      await h.settled();
      const types = h.sent.map((r) => (r.type === 'edit' ? `edit ${r.text.slice(-3)}` : r.type)).filter((t) => t.startsWith('edit') || t === 'convert' || t === 'open-draft');
      const opened = next === 'sample' ? 'convert' : 'open-draft';
      expect(types.slice(types.indexOf('edit one'))).toEqual(['edit one', 'edit two', opened]);
      expect(h.state().notice).toBeNull();
    }
  });

  it('tells the user another tab has a draft, and opens nothing', async () => {
    const h = harness();
    await h.controller.onSample({});
    h.save();
    h.elsewhere.add('draft-1');
    h.held.clear();
    await h.controller.onSample({ name: 'mine' });
    await h.controller.onContinue('draft-1');
    expect(h.state().summary?.folder).toBe('mine');
    expect(h.state().draftNotes['draft-1']).toBe('Another tab has this draft open: continue there, or close that tab first.');
    expect(h.sent.some((r) => r.type === 'open-draft')).toBe(false);
    await h.controller.loadDrafts();
    expect(h.state().elsewhere).toEqual(['draft-1']);
  });

  it('comes back after a reload to the draft and the file the tab had open', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('list_rooms.md');
    h.save();
    h.restart();
    h.reloaded();
    h.held.clear();
    await h.controller.comeBack({ draftId: 'draft-1', file: 'list_rooms.md', spec: null });
    expect([h.state().draftId, h.state().starting, h.state().selected, h.state().file?.path]).toEqual(['draft-1', false, 'list_rooms.md', 'list_rooms.md']);
    // A file no longer in the skill leaves the report shown.
    h.reloaded();
    h.held.clear();
    await h.controller.comeBack({ draftId: 'draft-1', file: 'gone.md', spec: null });
    expect([h.state().starting, h.state().selected]).toEqual([false, null]);
  });

  it('waits a moment for the page before the reload to let its draft go, then says another tab has it', async () => {
    const h = harness();
    await h.controller.onSample({});
    h.save();
    h.restart();
    h.reloaded();
    h.held.clear();
    h.elsewhere.add('draft-1');
    setTimeout(() => h.elsewhere.delete('draft-1'), 150);
    await h.controller.comeBack({ draftId: 'draft-1', file: null, spec: null });
    expect([h.state().draftId, h.state().starting]).toEqual(['draft-1', false]);
    // Held for good elsewhere (a duplicated tab): the start page says so, and nothing is opened.
    h.reloaded();
    h.held.clear();
    h.elsewhere.add('draft-1');
    await h.controller.comeBack({ draftId: 'draft-1', file: 'SKILL.md', spec: null });
    expect([h.state().summary, h.state().draftNotes['draft-1']]).toEqual([null, 'Another tab has this draft open: continue there, or close that tab first.']);
  });

  it('marks a draft unreadable when it cannot be opened, lets its lock go, and keeps the open skill', async () => {
    const h = harness();
    await h.controller.onSample({});
    h.save();
    await h.controller.loadDrafts();
    await h.controller.onContinue('gone');
    expect(h.held.has('gone')).toBe(false);
    expect(h.state().summary?.folder).toBe('hollowbrook-guesthouse');
    expect(h.state().draftId).toBe('draft-1');
  });

  it('closes the open skill when its own draft is deleted, and lists what is left', async () => {
    const h = harness();
    await h.controller.onSample({});
    h.save();
    await h.controller.loadDrafts();
    await h.controller.onDeleteDraft('draft-1');
    expect(h.io.confirm).toHaveBeenCalledWith('Delete hollowbrook-guesthouse from this browser? Download its bundle first to keep it.');
    expect([h.state().summary, h.state().draftId, h.state().drafts, [...h.held]]).toEqual([null, null, [], []]);
  });

  it('refuses an address that is not http(s) before fetching anything', async () => {
    const h = harness();
    await h.controller.onUrl('file:///etc/passwd', {});
    expect(h.io.fetchSpec).not.toHaveBeenCalled();
    expect(h.state().uploadProblems[0].message).toContain('file:');
  });

  it('shows what a fetch has fetched, and Cancel stops it, leaving the start page free (BAD-INPUT 32)', async () => {
    const h = harness();
    let progress: (received: number, total: number | null) => void = () => {};
    vi.mocked(h.io.fetchSpec).mockImplementation(
      (_url, fileName, { signal, onProgress }) =>
        new Promise((resolve) => {
          progress = onProgress;
          signal.addEventListener('abort', () => resolve({ entries: [], problems: [{ ruleId: 'spec-url-stopped', severity: 'error', message: 'cancelled', file: fileName }] }));
        }),
    );
    const fetching = h.controller.onUrl('https://specs.example.test/openapi.yaml', {});
    expect([h.state().busy, h.state().fetching]).toEqual(['Fetching https://specs.example.test/openapi.yaml…', { received: 0, total: null }]);
    progress(1_200, 4_000);
    expect(h.state().fetching).toEqual({ received: 1_200, total: 4_000 });
    h.controller.cancelFetch();
    await fetching;
    expect([h.state().busy, h.state().fetching, h.state().uploadProblems.map((p) => p.message)]).toEqual([null, null, ['cancelled']]);
    expect(h.sent.some((r) => r.type === 'convert')).toBe(false);
  });

  it('downloads the bundle under the folder name, with the edits typed just before', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('SKILL.md');
    h.controller.onEdit(`${h.state().file!.text}\nLast words.\n`);
    await h.controller.onDownload();
    const [bytes, name] = vi.mocked(h.io.saveBytes).mock.calls[0];
    expect(name).toBe('hollowbrook-guesthouse.zip');
    expect(new TextDecoder().decode(bytes)).toContain('hollowbrook-guesthouse/SKILL.md');
    expect(await h.text('SKILL.md')).toContain('Last words.');
  });

  it('downloads the GPT Actions document under the folder name, of the operations the skill keeps', async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.onDownloadGptActions();
    const [bytes, name, type] = vi.mocked(h.io.saveBytes).mock.calls[0];
    expect([name, type]).toEqual(['hollowbrook-guesthouse.gpt-actions.json', 'application/json']);
    expect(new TextDecoder().decode(bytes)).toContain('"operationId": "hollowbrook-guesthouse_cancel_booking"');
  });

  it("shows the worker's text and says why when an edit is refused because the file changed under the page", async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('SKILL.md');
    const text = h.state().file!.text;
    h.controller.onEdit(`${text}\nOne.\n`);
    await h.controller.flushEdits();
    // Changed behind the page's back (as a second writer would): the page's version is old now.
    await h.service.handle({ type: 'revert', path: 'SKILL.md' });
    h.controller.onEdit(`${text}\nOne.\nTwo.\n`);
    await h.controller.flushEdits();
    await h.settled();
    expect(h.state().notice).toMatch(/^SKILL\.md changed since this text was typed over it/);
    expect(h.state().file?.text).toBe(text);
    expect(await h.text('SKILL.md')).toBe(text);
    // Typing goes on over the text now shown.
    h.controller.onEdit(`${text}\nThree.\n`);
    await h.controller.flushEdits();
    expect(await h.text('SKILL.md')).toBe(`${text}\nThree.\n`);
  });

  it("gives a new worker the skill as last saved, the changes made since, and the editor's text, after Cancel", async () => {
    const h = harness();
    await h.controller.onSample({});
    await h.controller.openFile('list_rooms.md');
    const rooms = h.state().file!.text;
    h.controller.onEdit(`${rooms}\nSaved.\n`);
    await h.controller.flushEdits();
    h.save();
    await h.controller.openFile('SKILL.md');
    const manifest = h.state().file!.text;
    h.controller.onEdit(`${manifest}\nApplied, not saved.\n`);
    await h.controller.flushEdits();
    // Typed while the worker hangs: on the page only.
    h.hold();
    h.controller.onEdit(`${manifest}\nApplied, not saved.\nTyped while it hung.\n`);
    const unsaved: ChangeRequest[] = [{ type: 'edit', path: 'SKILL.md', version: 0, text: `${manifest}\nApplied, not saved.\n` }];
    h.restart();
    h.controller.onWorker({ type: 'restarted', reason: 'cancel', stopped: { type: 'edit', path: 'SKILL.md', version: 0, text: '' }, unsaved });
    await h.settled();
    await vi.waitFor(() => expect(h.state().recovered).not.toBeNull());
    await h.settled();
    expect(h.state().recovered).toBe('Cancelled: checking your edit to SKILL.md. The wizard started again from the last saved copy, with your typing kept.');
    expect(await h.text('list_rooms.md')).toBe(`${rooms}\nSaved.\n`);
    expect(await h.text('SKILL.md')).toBe(`${manifest}\nApplied, not saved.\nTyped while it hung.\n`);
    expect([h.state().selected, h.state().file?.path, typedText(h.state())]).toEqual(['SKILL.md', 'SKILL.md', `${manifest}\nApplied, not saved.\nTyped while it hung.\n`]);
    expect(h.state().summary?.files.filter((f) => f.edited).map((f) => f.path)).toEqual(['SKILL.md', 'list_rooms.md']);
    // Typing goes on in the new worker, over the version it gave.
    h.controller.onEdit(`${manifest}\nAfter.\n`);
    await h.controller.flushEdits();
    expect(await h.text('SKILL.md')).toBe(`${manifest}\nAfter.\n`);
    expect(h.state().notice).toBeNull();
  });

  it('does not ask again for the call preview that was stopped, and says so where it would be', async () => {
    const h = harness();
    await h.controller.onSample({});
    h.save();
    h.hold();
    const opening = h.controller.openFile('get_booking.md');
    h.restart();
    h.controller.onWorker({ type: 'restarted', reason: 'limit', stopped: { type: 'call', path: 'get_booking.md', args: '{}' }, unsaved: [] });
    await opening;
    await vi.waitFor(() => expect(h.state().file?.path).toBe('get_booking.md'));
    await h.settled();
    expect(h.state().request).toMatchObject({ ok: false, problems: [{ ruleId: 'call-stopped' }] });
    expect(h.sent.filter((r) => r.type === 'call')).toEqual([]);
    expect(h.state().recovered).toMatch(/^Stopped after too long: the call preview of get_booking\.md\./);
  });

  it('closes the skill and says why when nothing was saved to start again from', async () => {
    const h = harness();
    await h.controller.onSample({});
    h.restart();
    h.controller.onWorker({ type: 'restarted', reason: 'cancel', stopped: { type: 'export', tools: false }, unsaved: [] });
    await vi.waitFor(() => expect(h.state().recovered).not.toBeNull());
    expect(h.state().summary).toBeNull();
    expect(h.state().recovered).toBe('Cancelled: making the bundle, and the skill could not be opened again: it is no longer kept in this browser');
  });
});

describe('the update to a newer spec, through the controller', () => {
  const shelter = (n: 1 | 2) => {
    const name = `shelter-${n}.yaml`;
    return { name, kind: 'files' as const, files: [{ path: name, file: new File([readFileSync(new URL(`../../../lib/update/fixtures/${name}`, import.meta.url))], name) }] };
  };

  it('prepares without changing the skill, applies as settled, and undoes in one step', async () => {
    const h = harness();
    await h.controller.onSpec({ chosen: shelter(1) });
    await h.controller.openFile('list_pets.md');
    const text = (await h.text('list_pets.md'))!;
    h.controller.onEdit(text.replace('Returns the pets in the shelter.', 'Returns the pets in the shelter, cats first.'));
    // Prepared with the typing sent first: the edit is what conflicts.
    const prepared = await h.controller.prepareUpdate(shelter(2));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    expect(prepared.value.conflicts.map((c) => c.path)).toEqual(['list_pets.md']);
    expect(h.state().summary?.files.map((f) => f.path)).toContain('delete_pet.md');
    expect(h.state().busy).toBeNull();

    const refused = await h.controller.applyUpdate([]);
    expect(refused.ok).toBe(false);
    const applied = await h.controller.applyUpdate([['list_pets.md', prepared.value.conflicts[0].mine]]);
    expect(applied.ok).toBe(true);
    expect(h.state().summary?.files.map((f) => f.path)).toEqual(['SKILL.md', 'create_pet.md', 'list_owners.md', 'list_pets.md', 'show_pet.md']);
    expect(h.state().summary?.origin.name).toBe('shelter-2.yaml');
    expect(await h.text('list_pets.md')).toContain('cats first');

    h.controller.saveRemovedText('delete_pet.md', 'mine');
    expect(h.io.saveBytes).toHaveBeenCalledWith(new TextEncoder().encode('mine'), 'shelter.removed-delete_pet.md', 'text/markdown');

    expect(await h.controller.undoUpdate()).toBe(true);
    expect(h.state().summary?.files.map((f) => f.path)).toContain('delete_pet.md');
    expect(await h.text('list_pets.md')).toContain('cats first');
    expect(await h.controller.undoUpdate()).toBe(false);
    expect(h.state().recovered).toMatch(/could not be undone/);
  });
});
