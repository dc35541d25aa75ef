import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { yaml, yamlFrontmatter } from '@codemirror/lang-yaml';
import { LanguageDescription, type LanguageSupport } from '@codemirror/language';

/** Fenced code in a skill's prose (examples of arguments and answers) is highlighted too. */
const CODE = [
  LanguageDescription.of({ name: 'JSON', alias: ['json', 'jsonc'], support: json() }),
  LanguageDescription.of({ name: 'YAML', alias: ['yaml', 'yml'], support: yaml() }),
];

/**
 * The highlighting for a file by its name: a skill's markdown files (SKILL.md, one per
 * operation) as YAML frontmatter over markdown prose; `.json` as JSON; `.yaml`/`.yml` as
 * YAML; anything else (a spec file named otherwise) as JSON or YAML by its first character.
 * Highlighting only: nothing is rendered from the text.
 */
export function languageFor(path: string, text: string): LanguageSupport {
  const name = path.toLowerCase();
  // Markdown's paste-a-URL-as-link would rewrite what the user pastes; its HTML tag completion is not wanted either.
  if (name.endsWith('.md')) return yamlFrontmatter({ content: markdown({ codeLanguages: CODE, pasteURLAsLink: false, completeHTMLTags: false }) });
  if (name.endsWith('.json')) return json();
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return yaml();
  return /^\s*[[{]/.test(text.slice(0, 1024)) ? json() : yaml();
}
