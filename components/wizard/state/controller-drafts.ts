import type { SessionSummary } from '../../../lib/wizard/session';
import { replyProblem, type ControllerBase } from './controller-shared';
import type { Editing } from './controller-editing';
import type { TabPlace } from './tab-place';

/** How often, and how far apart, a reload asks for its draft's lock before saying another tab has it. */
const LOCK_TRIES = 10;
const LOCK_WAIT_MS = 100;

/** The drafts kept in this browser: listed, continued, come back to after a reload, downloaded, renamed, deleted. */
export function createDrafts(base: ControllerBase, editing: Editing, replayJournal: (draftId: string, summary: SessionSummary) => Promise<SessionSummary>) {
  const { send, store, io, dispatch, busyWith, showOpened } = base;
  const { flushEdits } = editing;

  /** The drafts kept in this browser, and which of them another tab has open (listed again when it lets go). */
  const loadDrafts = async () => {
    const [reply, elsewhere] = await Promise.all([send({ type: 'list-drafts' }), io.locks.elsewhere()]);
    if (reply.type !== 'drafts') return;
    const listed = new Set(reply.drafts.map((d) => d.id));
    const others = [...elsewhere].filter((id) => listed.has(id));
    dispatch({ type: 'drafts', drafts: reply.drafts, elsewhere: others });
    for (const id of others) io.locks.whenFree(id, () => void loadDrafts());
  };

  /** A draft from the list: the open one shown again, another opened if no other tab has it. */
  const onContinue = async (id: string) => {
    const state = store.get();
    if (id === state.draftId && state.summary) {
      dispatch({ type: 'show-skill' });
      return;
    }
    dispatch({ type: 'draft-note', id, note: null });
    if (!(await io.locks.hold(id))) {
      dispatch({ type: 'draft-note', id, note: 'Another tab has this draft open: continue there, or close that tab first.' });
      void loadDrafts();
      return;
    }
    await flushEdits();
    const reply = await busyWith('Opening the saved skill…', () => send({ type: 'open-draft', id }));
    if (reply.type === 'opened' && reply.result.ok) {
      const previous = store.get().draftId;
      if (previous && previous !== id) io.locks.release(previous);
      dispatch({ type: 'draft', id });
      dispatch({ type: 'opened', opened: { ...reply.result.value, summary: await replayJournal(id, reply.result.value.summary) } });
      return;
    }
    if (id !== store.get().draftId) io.locks.release(id);
    if (reply.type === 'unreadable') dispatch({ type: 'unreadable', id, name: reply.name, why: reply.why });
    else showOpened(reply, '');
  };

  return {
    loadDrafts,
    onContinue,

    /**
     * After a reload: the draft this tab had open, and the file or spec file it showed. The
     * page before the reload may hold the draft's lock a moment longer: it is asked again for
     * a while before the draft is said to be open in another tab.
     */
    async comeBack(place: Pick<TabPlace, 'draftId' | 'file' | 'spec'>) {
      const id = place.draftId;
      if (id === null) return;
      for (let tries = 1; tries < LOCK_TRIES && !(await io.locks.hold(id)); tries++) await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
      await onContinue(id);
      const now = store.get();
      if (now.draftId !== id || !now.summary || now.starting || now.selected !== null || now.spec !== null) return;
      if (place.file !== null && now.summary.files.some((f) => f.path === place.file)) await editing.openFile(place.file);
      else if (place.spec !== null && now.opened?.specFiles.includes(place.spec)) await editing.openSpec(place.spec);
    },

    async onDownloadDraft(id: string) {
      await flushEdits();
      const reply = await send({ type: 'export-draft', id, tools: false });
      if (reply.type === 'export') io.saveBytes(reply.bytes, `${reply.folder}.zip`);
      else if (reply.type === 'unreadable') dispatch({ type: 'unreadable', id, name: reply.name, why: reply.why });
      else dispatch({ type: 'draft-note', id, note: replyProblem(reply, '')[0]?.message ?? 'The bundle could not be made' });
      await loadDrafts();
    },

    /** An unreadable draft's records as they are, as JSON: whatever the user typed is in it. */
    async onDownloadRaw(id: string) {
      const reply = await send({ type: 'raw-draft', id });
      if (reply.type === 'raw') io.saveBytes(new TextEncoder().encode(reply.json), `${reply.name.replace(/[^\w.-]+/g, '-')}.draft.json`, 'application/json');
    },

    /** A name of the person's for a draft (a blank one gives back its folder's), kept with it; the list shows it at once. */
    async onRenameDraft(id: string, label: string) {
      const reply = await send({ type: 'rename-draft', id, label });
      if (reply.type === 'unreadable') dispatch({ type: 'unreadable', id, name: reply.name, why: reply.why });
      else if (reply.type !== 'renamed') dispatch({ type: 'draft-note', id, note: `The draft could not be renamed: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
      await loadDrafts();
    },

    async onDeleteDraft(id: string) {
      const listing = store.get().drafts?.find((d) => d.id === id);
      const name = listing ? (listing.ok ? listing.info.folder : listing.name) : 'this draft';
      if (!io.confirm(`Delete ${name} from this browser? Download its bundle first to keep it.`)) return;
      if (id === store.get().draftId) {
        // The open skill goes with its draft: nothing is left to save it again.
        await flushEdits();
        dispatch({ type: 'closed' });
        dispatch({ type: 'draft', id: null });
      }
      await send({ type: 'delete-draft', id });
      io.locks.release(id);
      await loadDrafts();
    },

    showStart() {
      dispatch({ type: 'show-start' });
      void loadDrafts();
    },
  };
}
