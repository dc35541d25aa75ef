import { compareStrings } from '../core/entries';
import { parseManifest, MANIFEST_FILE, type Manifest } from './manifest';
import { parseOperationFile, type OperationFile } from './operation-file';
import { parseTypesFile, TYPES_FILE, type TypesFile } from './types-file';

/** A skill package as files: the folder name and each file's text, by path inside the folder. */
export interface SkillFiles {
  folder: string;
  files: Map<string, string>;
}

/** A skill package read (SPEC 1): the manifest, the shared types and every operation file. */
export interface SkillPackage {
  folder: string;
  manifest?: Manifest;
  types?: TypesFile;
  /** Every top-level `*.md` but SKILL.md, in file-name order. */
  operations: OperationFile[];
  /** Files that are neither (e.g. an exported tools.json, or files in subfolders). */
  otherFiles: string[];
}

/** Whether a path in the folder is an operation file. */
export function isOperationFilePath(path: string): boolean {
  return path !== MANIFEST_FILE && !path.includes('/') && path.endsWith('.md');
}

/**
 * Read a skill package's files (SPEC 1). `read` holds operation files already read (a
 * conversion's `read`, built from the models they were written from); one is used when its
 * text is the file's text, and any other file is parsed.
 */
export function parseSkillPackage(input: SkillFiles, read?: ReadonlyMap<string, OperationFile>): SkillPackage {
  const pkg: SkillPackage = { folder: input.folder, operations: [], otherFiles: [] };
  const paths = [...input.files.keys()].sort(compareStrings);
  for (const path of paths) {
    const text = input.files.get(path)!;
    if (path === MANIFEST_FILE) pkg.manifest = parseManifest(text);
    else if (path === TYPES_FILE) pkg.types = parseTypesFile(text);
    else if (isOperationFilePath(path)) {
      const known = read?.get(path);
      pkg.operations.push(known && known.text === text ? known : parseOperationFile(path, text));
    }
    else pkg.otherFiles.push(path);
  }
  return pkg;
}

/**
 * The package with one file's text replaced (or added), re-reading only that file: what
 * happens on each keystroke in the editor.
 */
export function updateSkillFile(pkg: SkillPackage, path: string, text: string): SkillPackage {
  if (path === MANIFEST_FILE) return { ...pkg, manifest: parseManifest(text) };
  if (path === TYPES_FILE) return { ...pkg, types: parseTypesFile(text, pkg.types) };
  if (!isOperationFilePath(path)) {
    return pkg.otherFiles.includes(path) ? pkg : { ...pkg, otherFiles: [...pkg.otherFiles, path].sort(compareStrings) };
  }
  const next = parseOperationFile(path, text);
  const operations = pkg.operations.slice();
  const i = operations.findIndex((o) => o.file === path);
  if (i >= 0) operations[i] = next;
  else {
    operations.push(next);
    operations.sort((a, b) => compareStrings(a.file, b.file));
  }
  return { ...pkg, operations };
}

/** The package without one file (an operation file, types.json, or another file). */
export function removeSkillFile(pkg: SkillPackage, path: string): SkillPackage {
  if (path === MANIFEST_FILE) return { ...pkg, manifest: undefined };
  if (path === TYPES_FILE) return { ...pkg, types: undefined };
  if (!isOperationFilePath(path)) return { ...pkg, otherFiles: pkg.otherFiles.filter((p) => p !== path) };
  return { ...pkg, operations: pkg.operations.filter((o) => o.file !== path) };
}

/** The package's files back as text (file texts are kept as read, byte for byte). */
export function packageFiles(pkg: SkillPackage): SkillFiles {
  const files = new Map<string, string>();
  if (pkg.manifest) files.set(MANIFEST_FILE, pkg.manifest.text);
  if (pkg.types) files.set(TYPES_FILE, pkg.types.text);
  for (const op of pkg.operations) files.set(op.file, op.text);
  return { folder: pkg.folder, files };
}
