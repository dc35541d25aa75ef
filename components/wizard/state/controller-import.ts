import type { Problem } from '../../../lib/core/problem';
import { parseSpecUrl, type UploadEntry } from '../../../lib/openapi/upload';
import type { SpecChoice } from '../views/start-panel';
import type { ConvertOptions, ControllerBase, WizardIO } from './controller-shared';
import type { Editing } from './controller-editing';

/** A skill opened from a spec (the person's files, an address, the sample) or from a bundle. */
export function createImport(base: ControllerBase, editing: Editing) {
  const { send, io, dispatch, busyWith, showOpened } = base;
  const { flushEdits } = editing;
  // The fetch by address under way, which Cancel stops.
  let fetching: AbortController | null = null;

  /** Bytes read from the user's files, from an address or from the sample, to convert; or the problems that stopped the reading. */
  const convert = async (name: string, read: { entries: UploadEntry[]; problems: Problem[] }, kind: 'files' | 'folder', options: ConvertOptions) => {
    const { entries } = read;
    if (entries.length === 0) {
      dispatch({ type: 'refused', problems: read.problems });
      return;
    }
    // The typing still on its way belongs to the skill open now: it reaches it before another replaces it.
    await flushEdits();
    const reply = await busyWith(`Converting ${name}…`, () =>
      send({ type: 'convert', upload: { name, kind, entries, problems: read.problems }, options }, entries.map((e) => e.bytes.buffer as ArrayBuffer)),
    );
    showOpened(reply, name);
  };

  return {
    async onSpec(choice: SpecChoice) {
      const { name, kind } = choice.chosen;
      const read = await busyWith(`Reading ${name}…`, () => io.readChosenFiles(choice.chosen));
      await convert(name, read, kind, { name: choice.name, baseUrl: choice.baseUrl });
    },

    async onSample(options: ConvertOptions) {
      const sample = await busyWith('Fetching the sample spec…', () => io.fetchSample());
      await convert(sample.name, { entries: [{ path: sample.name, bytes: sample.bytes }], problems: [] }, 'files', options);
    },

    async onUrl(text: string, options: ConvertOptions) {
      const parsed = parseSpecUrl(text);
      if (!parsed.ok) {
        dispatch({ type: 'refused', problems: parsed.problems });
        return;
      }
      const { url, fileName } = parsed.value;
      const cancel = new AbortController();
      fetching = cancel;
      dispatch({ type: 'fetching', progress: { received: 0, total: null } });
      let read: Awaited<ReturnType<WizardIO['fetchSpec']>>;
      try {
        read = await busyWith(`Fetching ${url}…`, () =>
          io.fetchSpec(url, fileName, { signal: cancel.signal, onProgress: (received, total) => dispatch({ type: 'fetching', progress: { received, total } }) }),
        );
      } finally {
        fetching = null;
        dispatch({ type: 'fetching', progress: null });
      }
      await convert(fileName, read, 'files', options);
    },

    /** Cancel on a fetch by address: it stops at once, and says so. */
    cancelFetch: () => fetching?.abort(),

    async onBundle(bundle: File) {
      await flushEdits();
      const reply = await busyWith(`Opening ${bundle.name}…`, async () => {
        const bytes = new Uint8Array(await bundle.arrayBuffer());
        return send({ type: 'open-bundle', name: bundle.name, bytes }, [bytes.buffer as ArrayBuffer]);
      });
      showOpened(reply, bundle.name);
    },
  };
}
