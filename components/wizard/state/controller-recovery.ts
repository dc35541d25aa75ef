import type { SessionSummary } from '../../../lib/wizard/session';
import type { WorkerClientEvent } from '../worker/worker-client';
import { describeRequest, type ChangeRequest, type Reply } from '../worker/worker-protocol';
import { typedText } from './wizard-state';
import { replyProblem, type ControllerBase } from './controller-shared';
import type { Editing } from './controller-editing';

type Restarted = Extract<WorkerClientEvent, { type: 'restarted' }>;

/**
 * What the worker client says (a request taking long, a new worker, a new draft, what is
 * saved), and the skill given again to a worker that does not hold all of it: a new worker
 * after the last was stopped, or a draft whose page went away before it was saved.
 */
export function createRecovery(base: ControllerBase, editing: Editing) {
  const { send, store, io, dispatch, selected, busyWith } = base;

  /** A change the last worker made and did not save, made again in the new one. */
  const replay = async (change: ChangeRequest) => {
    if (change.type !== 'edit') return send(change);
    const current = await send({ type: 'file', path: change.path });
    if (current.type !== 'file' || !current.file) return current;
    return send({ ...change, version: current.file.version });
  };

  /**
   * Changes the worker holding the skill does not have (not saved when the last worker was
   * stopped, or when the page went away), given to it in order, then the text typed in a file:
   * the summary after them, and the version the worker holds of the typed file's text.
   */
  const giveAgain = async (summary: SessionSummary, changes: readonly ChangeRequest[], typed?: { path: string; text: string }) => {
    let after = summary;
    let typedVersion: number | undefined;
    const take = (r: Reply) => {
      if (r.type === 'summary' || r.type === 'edited') after = r.summary;
    };
    for (const change of changes) take(await replay(change));
    if (typed) {
      const current = await send({ type: 'file', path: typed.path });
      if (current.type === 'file' && current.file) {
        typedVersion = current.file.version;
        if (current.file.text !== typed.text) {
          const edited = await send({ type: 'edit', path: typed.path, version: current.file.version, text: typed.text });
          take(edited);
          if (edited.type === 'edited') typedVersion = edited.version;
        }
      }
    }
    return { summary: after, typedVersion };
  };

  /** What the draft had not saved when its page went away (the journal `flush` wrote), given to the worker again; the summary after it. */
  const replayJournal = async (draftId: string, summary: SessionSummary): Promise<SessionSummary> => {
    const entry = io.journal?.take(draftId);
    return entry ? (await giveAgain(summary, entry.changes, entry.typed)).summary : summary;
  };

  /**
   * A new worker after the last one was stopped: it is given the skill as last saved, then
   * the changes not saved yet, then the open file's text as it is in the editor. The request
   * that was stopped is not made again by itself.
   */
  const recover = async (event: Restarted) => {
    dispatch({ type: 'working', activity: null });
    const stopped = `${event.reason === 'cancel' ? 'Cancelled' : 'Stopped after too long'}: ${describeRequest(event.stopped)}`;
    if (!store.get().summary) {
      dispatch({ type: 'recovered', message: `${stopped}.` });
      return;
    }
    await editing.whileRecovering(async () => {
      const draftId = store.get().draftId;
      const reply: Reply = draftId
        ? await busyWith('Starting again from the last saved copy…', () => send({ type: 'open-draft', id: draftId }))
        : { type: 'error', message: 'it was not saved yet' };
      if (reply.type !== 'opened' || !reply.result.ok) {
        const why = reply.type === 'opened' ? reply.result.problems[0]?.message : reply.type === 'unreadable' ? reply.why : replyProblem(reply, '')[0]?.message;
        dispatch({ type: 'closed' });
        dispatch({ type: 'recovered', message: `${stopped}, and the skill could not be opened again: ${why ?? 'it was not saved yet'}` });
        return false;
      }
      const path = selected();
      const hadFile = path !== null && store.get().file?.path === path;
      const given = await giveAgain(reply.result.value.summary, event.unsaved, path !== null && hadFile ? { path, text: typedText(store.get()) } : undefined);
      if (path !== null && hadFile && given.typedVersion !== undefined) editing.keepVersion(path, given.typedVersion);
      const { summary } = given;
      dispatch({ type: 'reopened', opened: { ...reply.result.value, summary } });
      dispatch({ type: 'recovered', message: `${stopped}. The wizard started again from the last saved copy, with your typing kept.` });
      // What was stopped is not asked again by itself: a preview that hangs would hang the new worker too.
      const callStopped = event.stopped.type === 'call';
      if (path !== null && !hadFile) await editing.loadFile(path, { call: !callStopped });
      else if (path !== null && callStopped) dispatch({ type: 'call', path, request: editing.stoppedCall('The call preview was stopped: it took too long') });
      else if (path !== null && event.stopped.type !== 'tool') void editing.refreshPreviews(path);
      return true;
    });
  };

  const actions = {
    /** What the worker client says: a request taking long, done, a new worker to give the skill to, a new draft, what is saved. */
    onWorker(event: WorkerClientEvent) {
      switch (event.type) {
        case 'slow':
          dispatch({ type: 'working', activity: { label: event.label, since: event.since } });
          return;
        case 'done':
          dispatch({ type: 'working', activity: null });
          return;
        case 'restarted':
          void recover(event);
          return;
        case 'draft': {
          const previous = store.get().draftId;
          if (previous && previous !== event.id) io.locks.release(previous);
          dispatch({ type: 'draft', id: event.id });
          void io.locks.hold(event.id);
          return;
        }
        case 'unsaved': {
          dispatch({ type: 'unsaved', count: event.count });
          if (event.count !== 0) return;
          dispatch({ type: 'save-failed', message: null });
          // Everything is saved: a journal written as the page was hidden (and then shown again, from the back/forward cache) is old.
          const draftId = store.get().draftId;
          if (draftId && !editing.actions.typingQueued()) io.journal?.clear(draftId);
          return;
        }
        case 'save-failed':
          dispatch({ type: 'save-failed', message: event.message });
          return;
      }
    },
  };

  return { actions, replayJournal };
}
