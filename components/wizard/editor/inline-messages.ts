import { setDiagnosticsEffect, type Diagnostic } from '@codemirror/lint';
import { StateField, type Extension, type Text } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';

/**
 * A problem's message at the end of its line, as text (never markup: a message quotes the
 * file, BAD-INPUT 17). Hidden from screen readers, who have the same problems as the list
 * under the editor, so the text box reads as the file.
 */
class MessageWidget extends WidgetType {
  constructor(
    readonly severity: Diagnostic['severity'],
    readonly message: string,
    readonly more: number,
  ) {
    super();
  }

  eq(other: MessageWidget): boolean {
    return other.severity === this.severity && other.message === this.message && other.more === this.more;
  }

  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = `cm-inline-message cm-inline-message-${this.severity}`;
    span.setAttribute('aria-hidden', 'true');
    span.textContent = this.more > 0 ? `${this.message} (and ${this.more} more)` : this.message;
    return span;
  }

  ignoreEvent(): boolean {
    return false;
  }
}

const RANK: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, info: 2, hint: 3 };

function messages(doc: Text, diagnostics: readonly Diagnostic[]): DecorationSet {
  const byLine = new Map<number, Diagnostic[]>();
  for (const d of diagnostics) {
    const line = doc.lineAt(Math.min(d.from, doc.length)).number;
    const list = byLine.get(line);
    if (list) list.push(d);
    else byLine.set(line, [d]);
  }
  const widgets = [...byLine]
    .sort(([a], [b]) => a - b)
    .map(([line, list]) => {
      const first = [...list].sort((a, b) => RANK[a.severity] - RANK[b.severity])[0];
      return Decoration.widget({ widget: new MessageWidget(first.severity, first.message, list.length - 1), side: 1 }).range(doc.line(line).to);
    });
  return Decoration.set(widgets);
}

/** The first (worst) problem of each line written after it, beside lint's underline and gutter mark. */
export function inlineMessages(): Extension {
  return StateField.define<DecorationSet>({
    create: () => Decoration.none,
    update(set, tr) {
      for (const e of tr.effects) if (e.is(setDiagnosticsEffect)) return messages(tr.state.doc, e.value);
      return tr.docChanged ? set.map(tr.changes) : set;
    },
    provide: (field) => EditorView.decorations.from(field),
  });
}
