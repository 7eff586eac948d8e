// Tests that read the reference material in ../shared (API description, XSDs, samples) use this.
// Where ../shared is absent (a user's clone) they skip with a printed notice; under CI=true its
// absence is a failure, so CI can never silently skip them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(here, '..', '..');
export const sharedRoot = path.resolve(projectRoot, '..', 'shared');
export const sharedAvailable = existsSync(path.join(sharedRoot, 'reference'));

if (!sharedAvailable) {
  if (process.env.CI === 'true') {
    throw new Error(`../shared is required under CI=true but was not found at ${sharedRoot}`);
  }
  console.warn(`[aviso] ../shared não encontrado em ${sharedRoot}: testes de referência serão pulados.`);
}

/** Absolute path of a file under ../shared/reference. */
export function referencePath(...parts: string[]): string {
  return path.join(sharedRoot, 'reference', ...parts);
}

export const openapiPath = referencePath('nuvemfiscal', 'openapi-2.58-subset.yaml');
export const fiscalRef = (...parts: string[]) => referencePath('fiscal', ...parts);
