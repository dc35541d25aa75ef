import { sameJson } from '../../../lib/core/same-json';
import type { WizardReply } from '../../../lib/wizard/service';
import type { SessionSummary } from '../../../lib/wizard/session';

/**
 * The summary every edit's answer carries, sent without what did not change. Kubernetes'
 * skill has ~950 file rows and 1,025 problems; a key typed in types.json changes neither, and
 * copying them to the page, checking them and comparing them there cost the page a few
 * milliseconds an answer. The worker leaves out the file rows and the problems when they are
 * the same JSON as in the last summary it sent, naming what it left out; the page puts back
 * the ones it was last given (the same objects, so the views drawn from them are not drawn
 * again). Both sides follow the messages in the order they are posted, which a worker's
 * messages keep, and a new worker starts both afresh.
 */
export type SameParts = ('files' | 'problems')[];

type WithSummary = Extract<WizardReply, { type: 'summary' | 'edited' }>;

function summaryOf(reply: WizardReply): SessionSummary | undefined {
  if (reply.type === 'summary' || reply.type === 'edited') return reply.summary;
  if (reply.type === 'opened' && reply.result.ok) return reply.result.value.summary;
  return undefined;
}

/** The worker's side: each reply as it is posted, and what of its summary was left out. */
export function createSummarySender(): (reply: WizardReply) => { reply: WizardReply; same?: SameParts } {
  let last: SessionSummary | undefined;
  return (reply) => {
    const summary = summaryOf(reply);
    if (!summary) return { reply };
    const before = last;
    last = summary;
    // A skill opened is sent whole: what follows is compared with it.
    if (!before || reply.type === 'opened') return { reply };
    const same: SameParts = [];
    if (sameJson(before.files, summary.files)) same.push('files');
    if (sameJson(before.problems, summary.problems)) same.push('problems');
    if (same.length === 0) return { reply };
    const sent: SessionSummary = { ...summary, ...(same.includes('files') ? { files: [] } : {}), ...(same.includes('problems') ? { problems: [] } : {}) };
    return { reply: { ...(reply as WithSummary), summary: sent }, same };
  };
}

/**
 * The page's side: each reply as received, the parts left out of its summary put back from
 * the last summary received; an error when it names parts and none came before.
 */
export function createSummaryReceiver(): (reply: WizardReply, same?: SameParts) => WizardReply {
  let last: SessionSummary | undefined;
  return (reply, same) => {
    const summary = summaryOf(reply);
    if (!summary) return reply;
    if (same && same.length > 0) {
      if (!last || reply.type === 'opened') return { type: 'error', message: "The wizard's worker answered with a summary that refers to one the page was not given" };
      const whole: SessionSummary = { ...summary, ...(same.includes('files') ? { files: last.files } : {}), ...(same.includes('problems') ? { problems: last.problems } : {}) };
      last = whole;
      return { ...(reply as WithSummary), summary: whole };
    }
    last = summary;
    return reply;
  };
}
