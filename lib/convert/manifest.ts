import { writeManifest } from '../skill/manifest';
import { GENERATED_WITH } from './generation-record';
import { own, type ConvertContext } from './context';
import { asObject, type InfoObject } from './document';
import type { SecurityModel } from './security';
import { codeSpan, fold, safeInline, shorten } from '../skill/markdown';
import { safeMarkdown, splitFirstParagraph } from './text';
import { groupDigits } from '../core/numbers';

/** SPEC 1.1: the skill description's limit. */
export const MAX_SKILL_DESCRIPTION = 1024;

export interface SourceInfo {
  title: string;
  version: string;
}

/** `info.title` and `info.version` as plain one-line text. */
export function sourceInfo(ctx: ConvertContext): SourceInfo {
  const info = asObject<InfoObject>(own(ctx.doc, 'info'));
  const title = own(info, 'title');
  const version = own(info, 'version');
  return {
    title: typeof title === 'string' && title.trim() !== '' ? fold(title) : 'API',
    version: typeof version === 'string' || typeof version === 'number' ? fold(String(version)) : '',
  };
}

/**
 * SKILL.md (SPEC 1.1): the name; a description from the first paragraph of
 * `info.description` (else a sentence from the title), at most 1,024 characters; the
 * provenance metadata; the title and `info.description` as the introduction; an
 * Authentication section naming each scheme the spec uses and where its credential goes;
 * and the Operations list.
 */
export function buildManifest(
  ctx: ConvertContext,
  skill: string,
  source: SourceInfo,
  security: SecurityModel,
  operations: { name: string; description: string }[],
  sha256?: string,
  generatedWith?: string,
  specMetadata: Record<string, string> = {},
): string {
  const rawDescription = own(asObject<InfoObject>(own(ctx.doc, 'info')), 'description');
  const intro = typeof rawDescription === 'string' ? safeMarkdown(fitIntro(ctx, rawDescription)) : '';
  const first = splitFirstParagraph(intro).first;
  const title = safeInline(source.title);
  const description = shorten(first !== '' ? first : `Calls the ${title} API${source.version ? ` (version ${source.version})` : ''}.`, MAX_SKILL_DESCRIPTION);
  const metadata: Record<string, string> = { 'source-title': source.title };
  if (source.version) metadata['source-version'] = source.version;
  metadata['source-format'] = ctx.spec.format.label;
  if (sha256) metadata['source-sha256'] = sha256;
  if (generatedWith !== undefined) metadata[GENERATED_WITH] = generatedWith;
  Object.assign(metadata, specMetadata);
  return writeManifest({
    name: skill,
    description,
    metadata,
    title,
    intro,
    authentication: authentication(security),
    operations,
  });
}

/**
 * The most of `info.description` SKILL.md's body holds, in characters (decision 0154): about
 * 5,000 tokens. A platform reads SKILL.md whole each time the skill is chosen, before any
 * operation file; a spec's description beyond this is reference text a model does not need
 * on every turn (a 47 MB one made a 47 MB SKILL.md).
 */
export const MAX_INTRO_CHARS = 20_000;

/**
 * `info.description` within `MAX_INTRO_CHARS`: cut at the last paragraph break before the
 * limit (else a line break, else the limit, never inside a character), with a line saying
 * how much was left out and a warning in the report.
 */
function fitIntro(ctx: ConvertContext, text: string): string {
  if (text.length <= MAX_INTRO_CHARS) return text;
  const head = text.slice(0, MAX_INTRO_CHARS);
  let cut = head.lastIndexOf('\n\n');
  if (cut < MAX_INTRO_CHARS / 2) cut = head.lastIndexOf('\n');
  if (cut < MAX_INTRO_CHARS / 2) cut = MAX_INTRO_CHARS;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  const left = text.length - cut;
  ctx.warn(
    'description-cut',
    `The spec's description is ${groupDigits(text.length)} characters; SKILL.md holds its first ${groupDigits(cut)} and says the rest (${groupDigits(left)} characters) is left out: a platform reads SKILL.md whole each time the skill is chosen`,
    '/info/description',
  );
  return `${text.slice(0, cut).trimEnd()}\n\n(The spec's description continues for ${groupDigits(left)} more characters, left out of this skill.)`;
}

function authentication(security: SecurityModel): string {
  const schemes = security.schemesToName();
  const head = "Requests go out through the platform's gateway, which attaches the credentials bound to this skill.";
  // Parameters taken as credentials by their names (SECRET_HEADER, SECRET_QUERY), for the gateway to attach.
  const guessed = [...security.guessed.values()].map((g) => `- ${codeSpan(g.name)}: a credential in the ${codeSpan(g.name)} ${g.in === 'header' ? 'header' : 'query parameter'} (no scheme declares it; taken as one by its name).`);
  if (schemes.length === 0 && guessed.length === 0) return `${head} The spec declares no authentication.`;
  if (schemes.length === 0) return `${head} Never put credentials in a call. The spec declares no security scheme, but its operations take:\n\n${guessed.join('\n')}`;
  const lines = schemes.map((s) => `- ${codeSpan(s.name)}: ${s.where}.`);
  const more = guessed.length > 0 ? `\n\nIts operations also take, though no scheme declares them:\n\n${guessed.join('\n')}` : '';
  return `${head} Never put credentials in a call. The spec's schemes:\n\n${lines.join('\n')}${more}`;
}
