import { fail, ok, type Result } from '../../../lib/core/result';
import type { GenerateOptions, UpdatePreview } from '../../../lib/wizard/service';
import type { ChosenFiles } from '../io/browser-files';
import { replyProblem, type ControllerBase } from './controller-shared';
import type { Editing } from './controller-editing';

/** The open skill generated again: with other options, with a file's full schema, or updated to a newer spec (reviewed, applied, undone). */
export function createUpdate(base: ControllerBase, editing: Editing) {
  const { send, store, io, dispatch, selected, busyWith, showOpened } = base;
  const { flushEdits } = editing;

  return {
    /**
     * The open skill updated to a newer spec, prepared for the person to review: the report,
     * the files and the conflicts (nothing changes yet). `older` is the spec the skill was
     * generated from, for a skill opened from a bundle; or, without it, `review` asks for a
     * two-way review of every difference.
     */
    async prepareUpdate(newer: ChosenFiles, older?: ChosenFiles, review?: boolean): Promise<Result<UpdatePreview>> {
      await flushEdits();
      const read = async (chosen: ChosenFiles) => ({ name: chosen.name, kind: chosen.kind, ...(await io.readChosenFiles(chosen)) });
      const [to, from] = await busyWith(`Reading ${newer.name}…`, () => Promise.all([read(newer), older ? read(older) : undefined]));
      for (const r of [to, from]) if (r && r.entries.length === 0) return fail(r.problems);
      const buffers = [...to.entries, ...(from?.entries ?? [])].map((e) => e.bytes.buffer as ArrayBuffer);
      const reply = await busyWith(`Updating to ${newer.name}…`, () => send({ type: 'update', upload: to, ...(from ? { from } : {}), ...(review && !from ? { review: true } : {}) }, buffers));
      return reply.type === 'update' ? reply.result : fail(replyProblem(reply, newer.name));
    },

    /** The update prepared last, applied with the conflicts as settled: one step, which `undoUpdate` takes back. True when applied. */
    async applyUpdate(settled: [string, string][]): Promise<Result<true>> {
      await flushEdits();
      const reply = await busyWith('Applying the update…', () => send({ type: 'apply-update', settled }));
      if (reply.type === 'opened' && reply.result.ok) {
        dispatch({ type: 'opened', opened: reply.result.value });
        return ok(true);
      }
      return fail(reply.type === 'opened' ? reply.result.problems : replyProblem(reply, ''));
    },

    /** An operation's text the update took out (gone from the newer spec, edited here), saved as the CLI writes it: `<skill>.removed-<file>`. */
    saveRemovedText(path: string, text: string) {
      io.saveBytes(new TextEncoder().encode(text), `${store.get().summary?.folder ?? 'skill'}.removed-${path}`, 'text/markdown');
    },

    async undoUpdate(): Promise<boolean> {
      await flushEdits();
      const reply = await busyWith('Undoing the update…', () => send({ type: 'undo-update' }));
      if (reply.type === 'opened' && reply.result.ok) dispatch({ type: 'opened', opened: reply.result.value });
      else dispatch({ type: 'recovered', message: `The update could not be undone: ${replyProblem(reply, '')[0]?.message ?? 'it is gone'}` });
      return reply.type === 'opened' && reply.result.ok;
    },

    /** The open file, fitted to the size limit on import, given its full schema: the skill generated again. */
    async onRestoreFullSchema() {
      const path = selected();
      if (path === null) return;
      await flushEdits();
      const reply = await busyWith('Restoring the full schema…', () => send({ type: 'full-schema', path }));
      showOpened(reply, store.get().opened?.summary.origin.name ?? '');
      if (reply.type === 'opened' && reply.result.ok) await editing.openFile(path);
    },

    async onRegenerate(options: GenerateOptions) {
      await flushEdits();
      showOpened(await busyWith('Generating again…', () => send({ type: 'regenerate', options })), store.get().opened?.summary.origin.name ?? '');
    },
  };
}
