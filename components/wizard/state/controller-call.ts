import type { BodyCheck } from '../../../lib/call';
import { problem, type Problem } from '../../../lib/core/problem';
import type { ResponsePreview } from '../../../lib/wizard/response-preview';
import type { ControllerBase } from './controller-shared';
import type { Editing } from './controller-editing';

/** The Call tab of an operation file: the arguments, the response it promises and what `pick` keeps, and an answer checked. */
export function createCall(base: ControllerBase, editing: Editing) {
  const { send, dispatch, selected, store } = base;

  return {
    /** The Call tab's response of an operation file: an example, checked, and what `pick` keeps of it. */
    async loadResponse(path: string): Promise<ResponsePreview | undefined> {
      const reply = await send({ type: 'response', path });
      return reply.type === 'response' ? reply.preview : undefined;
    },
    /** The fields of a response kept (`pick`) for the open file; the problems when the file could not take them. */
    async setPick(path: string, pick: string[]): Promise<Problem[]> {
      await editing.flushEdits();
      const reply = await send({ type: 'set-pick', path, pick });
      if (reply.type !== 'summary') return [problem('pick', 'error', 'The wizard did not answer: nothing was changed', path)];
      dispatch({ type: 'summary', summary: reply.summary });
      if (selected() === path) await editing.loadFile(path);
      return reply.refused ?? [];
    },

    /** An answer a call sent from the Call tab got, checked against what the open operation promises; undefined when the worker could not say. */
    async checkAnswer(path: string, status: number, body: string): Promise<BodyCheck | undefined> {
      const reply = await send({ type: 'check-answer', path, status, body });
      return reply.type === 'answer-check' ? reply.check : undefined;
    },
    async onArgs(text: string) {
      dispatch({ type: 'args', text });
      const path = selected();
      if (path !== null) await editing.refreshCall(path, text);
    },
    /** The base URL typed in the Call tab: the open file's request built again to go there. */
    async onCallBaseUrl(value: string) {
      dispatch({ type: 'call-base-url', value });
      const path = selected();
      if (path !== null) await editing.refreshCall(path, store.get().args);
    },
  };
}
