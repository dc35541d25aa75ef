import type { SendToWorker } from '../worker/worker-client';
import type { PreviewTab } from './wizard-state';
import { controllerBase, type WizardIO, type WizardStore } from './controller-shared';
import { createEditing } from './controller-editing';
import { createRecovery } from './controller-recovery';
import { createDrafts } from './controller-drafts';
import { createImport } from './controller-import';
import { createUpdate } from './controller-update';
import { createCuration } from './controller-curation';
import { createCall } from './controller-call';
import { createExport } from './controller-export';

export type { WizardIO, WizardStore } from './controller-shared';
export { EDIT_GAP_MS } from './controller-editing';

/**
 * What the user can do in the wizard, each as the requests it sends to the worker and the
 * actions it dispatches from the replies. Not React: `useWizardSession` makes one per page,
 * and the tests drive one against the service itself.
 *
 * Each concern is its own part, in its own file: editing the open file (controller-editing),
 * a new worker given the skill again (controller-recovery), drafts (controller-drafts), a
 * skill opened from a spec or a bundle (controller-import), generated again or updated
 * (controller-update), the operations view and the file's place in the skill
 * (controller-curation), the Call tab (controller-call), and downloads (controller-export).
 * Every part that asks the worker for anything first sends the typing on its way, through
 * the editing part.
 */
export function createWizardController(send: SendToWorker, store: WizardStore, io: WizardIO) {
  const base = controllerBase(send, store, io);
  const { dispatch } = base;
  const editing = createEditing(base);
  const recovery = createRecovery(base, editing);
  return {
    ...createImport(base, editing),
    ...createUpdate(base, editing),
    ...createDrafts(base, editing, recovery.replayJournal),
    ...editing.actions,
    ...createExport(base, editing),
    ...createCuration(base, editing),
    ...createCall(base, editing),
    ...recovery.actions,

    showSkill: () => dispatch({ type: 'show-skill' }),
    setPanel: (tab: PreviewTab) => dispatch({ type: 'panel', tab }),
    dismiss: () => dispatch({ type: 'recovered', message: null }),
  };
}

export type WizardController = ReturnType<typeof createWizardController>;
