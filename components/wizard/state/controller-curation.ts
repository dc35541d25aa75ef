import { problem, type Problem } from '../../../lib/core/problem';
import type { SafetyMark } from '../../../lib/wizard/operation-keys';
import type { WizardRequest } from '../../../lib/wizard/service';
import type { OperationsState } from './wizard-state';
import type { ControllerBase } from './controller-shared';
import type { Editing } from './controller-editing';

/** Which files are in the skill and how they are marked: the open file reverted, removed or put back, the operations view's rows in bulk, and "Go on without them" in SKILL.md. */
export function createCuration(base: ControllerBase, editing: Editing) {
  const { send, dispatch, selected } = base;
  const { flushEdits } = editing;

  /** A change to a file's place in the skill (revert, remove, put back), then the file to show. */
  const changeFile = async (request: Extract<WizardRequest, { type: 'revert' | 'remove' | 'put-back' }>, show: string | null) => {
    await flushEdits();
    const reply = await send(request);
    if (reply.type === 'summary') dispatch({ type: 'summary', summary: reply.summary });
    await editing.openFile(show);
  };

  return {
    async onRevert() {
      const path = selected();
      if (path !== null) await changeFile({ type: 'revert', path }, path);
    },
    async onRemove() {
      const path = selected();
      if (path !== null) await changeFile({ type: 'remove', paths: [path] }, null);
    },
    onPutBack: (path: string) => changeFile({ type: 'put-back', paths: [path] }, path),

    /** The operations view's rows, asked for whenever the view is shown or the skill changes under it. */
    async loadOperations() {
      const reply = await send({ type: 'operations' });
      if (reply.type === 'operations') dispatch({ type: 'operations', rows: reply.rows });
    },
    /** Operation files out of the skill, or back into it, from the operations view (curation in bulk); `waiting` takes them out back among the new ones waiting to be kept. True when done. */
    async curate(change: 'remove' | 'put-back', paths: string[], waiting?: true): Promise<boolean> {
      await flushEdits();
      const reply = await send(change === 'remove' && waiting ? { type: change, paths, waiting } : { type: change, paths });
      if (reply.type !== 'summary') return false;
      dispatch({ type: 'summary', summary: reply.summary });
      return true;
    },
    /** `safety` set on operation files (or put back as it was); what changed and what the rules refused, or null when the worker did not answer. */
    async markSafety(files: SafetyMark[]): Promise<{ previous: SafetyMark[]; refused: Problem[] } | null> {
      await flushEdits();
      const reply = await send({ type: 'set-safety', files });
      if (reply.type !== 'summary') return null;
      dispatch({ type: 'summary', summary: reply.summary });
      const previous = reply.previous ?? [];
      const open = selected();
      // The file open in the editor changed under it: shown again, at the version the worker now holds.
      if (open !== null && previous.some(([path]) => path === open)) await editing.loadFile(open);
      return { previous, refused: reply.refused ?? [] };
    },
    /** "Go on without them" ticked or not: written into SKILL.md, where the verdict reads it; the problems when SKILL.md could not take it. */
    async setWithoutUnresolved(on: boolean): Promise<Problem[]> {
      await flushEdits();
      const reply = await send({ type: 'set-without-unresolved', on });
      if (reply.type !== 'summary') return [problem('frontmatter', 'error', 'The wizard did not answer: nothing was changed', 'SKILL.md')];
      dispatch({ type: 'summary', summary: reply.summary });
      // SKILL.md open in the editor changed under it: shown again, at the version the worker now holds.
      if (selected() === 'SKILL.md') await editing.loadFile('SKILL.md');
      return reply.refused ?? [];
    },
    setOperationsView: (view: Partial<Omit<OperationsState, 'rows'>>) => dispatch({ type: 'operations-view', view }),
  };
}
