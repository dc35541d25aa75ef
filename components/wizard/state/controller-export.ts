import { replyProblem, type ControllerBase } from './controller-shared';
import type { Editing } from './controller-editing';

/** What leaves the wizard: the skill's bundle (with tools, read-only), the import report, the GPT Actions document, and a file as the bundle will hold it. */
export function createExport(base: ControllerBase, editing: Editing) {
  const { send, store, io, dispatch } = base;
  const { flushEdits } = editing;

  return {
    /** "In the bundle" for a file: what the download will hold. */
    async loadExported(path: string): Promise<void> {
      const reply = await send({ type: 'exported', path });
      if (reply.type === 'exported') dispatch({ type: 'exported', path: reply.path, text: reply.text });
    },

    async onDownload() {
      await flushEdits();
      const { withTools, readOnly } = store.get();
      const reply = await send({ type: 'export', tools: withTools, readOnly });
      if (reply.type === 'export') io.saveBytes(reply.bytes, `${reply.folder}${readOnly ? '.read-only' : ''}.zip`);
      else dispatch({ type: 'recovered', message: `The bundle could not be made: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
    },

    /** The import report file, written by the worker of the skill as it is now (`convert --report` writes the same). */
    async onDownloadReport() {
      await flushEdits();
      const reply = await send({ type: 'report' });
      if (reply.type === 'report' && reply.text !== undefined) io.saveBytes(new TextEncoder().encode(reply.text), `${reply.folder}.report.json`, 'application/json');
      else if (reply.type !== 'report') dispatch({ type: 'recovered', message: `The report could not be made: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
    },

    /** The spec's OpenAPI document cut to the skill, for OpenAI GPT Actions (`convert --gpt-actions` writes the same). */
    async onDownloadGptActions() {
      await flushEdits();
      const { readOnly } = store.get();
      const reply = await send({ type: 'gpt-actions', readOnly });
      if (reply.type === 'gpt-actions') io.saveBytes(new TextEncoder().encode(reply.text), `${reply.folder}${readOnly ? '.read-only' : ''}.gpt-actions.json`, 'application/json');
      else dispatch({ type: 'recovered', message: `The GPT Actions document could not be made: ${replyProblem(reply, '')[0]?.message ?? reply.type}` });
    },

    setWithTools: (on: boolean) => dispatch({ type: 'with-tools', on }),
    setReadOnly: (on: boolean) => dispatch({ type: 'read-only', on }),
  };
}
