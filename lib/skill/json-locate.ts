import { pointerToken } from '../core/entries';
import { lineIndex, lineStarts } from '../core/lines';

/** A 0-based offset into a JSON text for the key and the value at each JSON pointer. */
export interface JsonSpan {
  keyOffset?: number;
  valueOffset: number;
}

/**
 * Index every value of a JSON text by JSON pointer, so a problem can point at the line of
 * the key it is about. Only called on text that JSON.parse accepted, and only when a
 * position is needed.
 */
export function indexJson(text: string): Map<string, JsonSpan> {
  const spans = new Map<string, JsonSpan>();
  let i = 0;
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x5c) i += 2;
      else if (c === 0x22) {
        i++;
        break;
      } else i++;
    }
    return JSON.parse(text.slice(start, i)) as string;
  };
  // Iterative walk: a deeply nested text must not overflow the stack.
  type Frame = { kind: 'obj' | 'arr'; pointer: string; index: number };
  const stack: Frame[] = [];
  const value = (pointer: string, keyOffset?: number) => {
    ws();
    spans.set(pointer, keyOffset === undefined ? { valueOffset: i } : { keyOffset, valueOffset: i });
    const c = text[i];
    if (c === '{') {
      i++;
      stack.push({ kind: 'obj', pointer, index: 0 });
    } else if (c === '[') {
      i++;
      stack.push({ kind: 'arr', pointer, index: 0 });
    } else if (c === '"') readString();
    else {
      while (i < text.length && !',]} \n\r\t'.includes(text[i])) i++;
    }
  };
  value('');
  while (stack.length > 0 && i < text.length) {
    ws();
    const top = stack[stack.length - 1];
    const c = text[i];
    if (c === '}' || c === ']') {
      i++;
      stack.pop();
      continue;
    }
    if (c === ',') {
      i++;
      ws();
    }
    if (top.kind === 'obj') {
      if (text[i] === '}') continue;
      const keyOffset = i;
      const key = readString();
      ws();
      i++; // ':'
      value(`${top.pointer}/${pointerToken(key)}`, keyOffset);
    } else {
      if (text[i] === ']') continue;
      value(`${top.pointer}/${top.index++}`);
    }
  }
  return spans;
}

/** A lazily built pointer index over one JSON text, answering line/column questions. */
export class JsonLocator {
  private spans?: Map<string, JsonSpan>;
  private lineStarts?: number[];
  constructor(readonly text: string) {}

  /** Position of the key at `pointer` (or of its value when it has no key), or of the nearest ancestor. */
  locate(pointer: string): { line: number; column: number } {
    this.spans ??= indexJson(this.text);
    let p = pointer;
    for (;;) {
      const span = this.spans.get(p);
      if (span) return this.position(span.keyOffset ?? span.valueOffset);
      if (p === '') return { line: 1, column: 1 };
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  position(offset: number): { line: number; column: number } {
    this.lineStarts ??= lineStarts(this.text);
    const i = lineIndex(this.lineStarts, offset);
    return { line: i + 1, column: offset - this.lineStarts[i] + 1 };
  }
}
