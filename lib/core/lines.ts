/**
 * The offset at which each line of a text starts (the first is 0). In a typed array grown by
 * doubling: `push` onto an array takes twice as long as the search for line breaks itself,
 * and every warning of a conversion is placed by line in specs of tens of thousands of lines.
 */
export function lineStarts(text: string): Int32Array {
  // Room for lines of 32 characters on average (pretty-printed specs run about 40).
  let starts = new Int32Array(Math.max(16, text.length >> 5));
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (n === starts.length) {
      const grown = new Int32Array(n * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n++] = i + 1;
  }
  return starts.subarray(0, n);
}

/** The 0-based index of the line holding `offset`, by binary search over `lineStarts`. */
export function lineIndex(starts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * `lineIndex` over `lineStarts(text)` for offsets asked one at a time, the text read only as
 * far as the furthest offset asked: the rules ask an operation file for the place of a key
 * near its top, below which its schema may run for thousands of lines.
 */
export function lineFinder(text: string): (offset: number) => { index: number; start: number } {
  const starts = [0];
  // Where the next line break is looked for: past the last start found, or -1 once the text is read.
  let from = 0;
  return (offset) => {
    while (from !== -1 && starts[starts.length - 1] <= offset) {
      const nl = text.indexOf('\n', from);
      if (nl === -1) from = -1;
      else {
        starts.push(nl + 1);
        from = nl + 1;
      }
    }
    const index = lineIndex(starts, offset);
    return { index, start: starts[index] };
  };
}
