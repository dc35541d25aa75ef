import type { TargetDetail, TargetRow, TokensView } from '../../../lib/wizard/target-fit';

/** The last "Download tools for…": what adapting the tools for that target changed. */
export interface ToolsDownload {
  target: string;
  title: string;
  /** The adapter's log, as `tools --target` writes it on stderr: empty when nothing changed. */
  log: string[];
  fits: boolean;
}

/**
 * What the page shows of the skill's fit with models and agents: its tools'
 * tokens for the chosen model, the compatibility table, the one target whose reasons are
 * open, and what the last "Download tools for…" changed. Kept apart from `WizardState`: it
 * is drawn from the worker's answers to its own requests, made again after every change to
 * the skill.
 */
export interface FitState {
  /** The model counted for (an id of `TOKEN_MODELS`); null: the worker's default (GPT-4o) until one is chosen. */
  model: string | null;
  tokens: TokensView | null;
  targets: TargetRow[] | null;
  /** The target whose reasons are open; `detail` once the worker sent them. */
  open: { target: string; detail: TargetDetail | null } | null;
  download: ToolsDownload | null;
  /** Why the last count or check could not be made; the figures before it stay shown. */
  error: string | null;
  /** The target whose limits the operations view measures the skill against (`41 of 40 tools`); null for none. Kept across skills, like the model. */
  limitTarget: string | null;
}

export const initialFitState: FitState = { model: null, tokens: null, targets: null, open: null, download: null, error: null, limitTarget: null };

export type FitAction =
  | { type: 'model'; model: string }
  | { type: 'tokens'; tokens: TokensView }
  | { type: 'targets'; targets: TargetRow[] }
  | { type: 'open'; target: string | null }
  | { type: 'detail'; detail: TargetDetail }
  | { type: 'downloaded'; download: ToolsDownload | null }
  | { type: 'error'; message: string | null }
  | { type: 'limit-target'; target: string | null }
  /** The choices this tab had before a reload (`TabPlace`), taken back before anything is counted. */
  | { type: 'choices'; model: string | null; limitTarget: string | null }
  /** Another skill was opened: nothing shown is of it. The model and the limits' target chosen stay. */
  | { type: 'reset' };

/** The fit's state after one thing happened. Pure; an answer for a model or target no longer chosen changes nothing. */
export function fitReducer(state: FitState, action: FitAction): FitState {
  switch (action.type) {
    case 'model':
      return { ...state, model: action.model };
    case 'tokens':
      if (state.model === null || action.tokens.model.id === state.model) return { ...state, tokens: action.tokens, error: null };
      // A model the worker does not count for (one kept from an older version of the page): its default is shown, and chosen.
      if (!action.tokens.models.some((m) => m.id === state.model)) return { ...state, model: null, tokens: action.tokens, error: null };
      return state;
    case 'targets':
      return { ...state, targets: action.targets, error: null };
    case 'open':
      return { ...state, open: action.target === null ? null : { target: action.target, detail: state.open?.target === action.target ? state.open.detail : null } };
    case 'detail':
      return state.open?.target === action.detail.target ? { ...state, open: { target: action.detail.target, detail: action.detail } } : state;
    case 'downloaded':
      return { ...state, download: action.download };
    case 'error':
      return { ...state, error: action.message };
    case 'limit-target':
      return { ...state, limitTarget: action.target };
    case 'choices':
      return { ...state, model: action.model, limitTarget: action.limitTarget };
    case 'reset':
      return { ...initialFitState, model: state.model, limitTarget: state.limitTarget };
  }
}
