import type { Migration } from '../migrations';
import { migration as m0001 } from './0001-app-meta';

/** Every migration, in order. A new file in this folder must be added here (a test checks it). */
export const migrations: readonly Migration[] = [m0001];
