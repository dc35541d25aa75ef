import { declaredSafety, type Declaration } from '../skill/operation-file';

/**
 * Why a read-only grant may not call an operation (SPEC 8.1: read-only grants may call only
 * safe operations), or undefined when it may. Names where the safety comes from: the
 * declared `safety`, or the method's default when none is declared.
 */
export function readOnlyRefusal(d: Pick<Declaration, 'method' | 'safety'>): string | undefined {
  const safety = declaredSafety(d);
  if (safety === 'safe') return undefined;
  const why = d.safety === safety ? `it is declared \`safety: ${safety}\`` : `it is \`${safety}\`, the default of \`${d.method}\`, and declares no \`safety: safe\``;
  return `A read-only grant calls only safe operations, and ${why}`;
}
