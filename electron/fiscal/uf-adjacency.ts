// Land borders between the Brazilian federative units (IBGE political map), for the MDF-e route:
// rule G082 (MOC MDF-e 3.00 p.41, rejection 663) requires infPercurso to list the UFs crossed
// between UFIni and UFFim in order, "considerando as divisas possíveis". The sandbox checks a
// route with `isRouteAdjacent`; the MDF-e form proposes one with `proposeRoute`.
import type { UfSigla } from './uf';
import { isUfSigla } from './uf';

/** Each UF with the UFs it shares a land border with (written once per pair, mirrored below). */
const BORDERS: Readonly<Record<UfSigla, readonly UfSigla[]>> = {
  AC: ['AM', 'RO'],
  AL: ['BA', 'PE', 'SE'],
  AM: ['AC', 'MT', 'PA', 'RO', 'RR'],
  AP: ['PA'],
  BA: ['AL', 'ES', 'GO', 'MG', 'PE', 'PI', 'SE', 'TO'],
  CE: ['PB', 'PE', 'PI', 'RN'],
  DF: ['GO', 'MG'],
  ES: ['BA', 'MG', 'RJ'],
  GO: ['BA', 'DF', 'MG', 'MS', 'MT', 'TO'],
  MA: ['PA', 'PI', 'TO'],
  MG: ['BA', 'DF', 'ES', 'GO', 'MS', 'RJ', 'SP'],
  MS: ['GO', 'MG', 'MT', 'PR', 'SP'],
  MT: ['AM', 'GO', 'MS', 'PA', 'RO', 'TO'],
  PA: ['AM', 'AP', 'MA', 'MT', 'RR', 'TO'],
  PB: ['CE', 'PE', 'RN'],
  PE: ['AL', 'BA', 'CE', 'PB', 'PI'],
  PI: ['BA', 'CE', 'MA', 'PE', 'TO'],
  PR: ['MS', 'SC', 'SP'],
  RJ: ['ES', 'MG', 'SP'],
  RN: ['CE', 'PB'],
  RO: ['AC', 'AM', 'MT'],
  RR: ['AM', 'PA'],
  RS: ['SC'],
  SC: ['PR', 'RS'],
  SE: ['AL', 'BA'],
  SP: ['MG', 'MS', 'PR', 'RJ'],
  TO: ['BA', 'GO', 'MA', 'MT', 'PA', 'PI'],
};

const NEIGHBOURS = new Map<string, Set<string>>();
for (const [uf, list] of Object.entries(BORDERS)) {
  for (const other of list) {
    if (!NEIGHBOURS.has(uf)) NEIGHBOURS.set(uf, new Set());
    if (!NEIGHBOURS.has(other)) NEIGHBOURS.set(other, new Set());
    NEIGHBOURS.get(uf)!.add(other);
    NEIGHBOURS.get(other)!.add(uf);
  }
}

/** The UFs bordering `uf`, alphabetically; empty for anything that is not a UF (EX included). */
export function neighbouringUfs(uf: string): string[] {
  return [...(NEIGHBOURS.get(uf) ?? [])].sort();
}

/** True when the two UFs share a land border (a UF does not border itself). */
export function ufsBorder(a: string, b: string): boolean {
  return NEIGHBOURS.get(a)?.has(b) ?? false;
}

/**
 * Whether UFIni → infPercurso → UFFim crosses only real borders, in order. A trip that starts and
 * ends in the same UF with no percurso is valid; routes to or from abroad (EX) are not judged.
 */
export function isRouteAdjacent(ufIni: string, percurso: readonly string[], ufFim: string): boolean {
  if (!Array.isArray(percurso) || typeof ufIni !== 'string' || typeof ufFim !== 'string') return false;
  if (ufIni === 'EX' || ufFim === 'EX') return true;
  if (percurso.length === 0 && ufIni === ufFim) return true;
  const stops = [ufIni, ...percurso, ufFim];
  for (let i = 1; i < stops.length; i++) if (!ufsBorder(stops[i - 1]!, stops[i]!)) return false;
  return true;
}

/** State capitals (latitude, longitude in degrees), to prefer the shorter of equally long routes. */
const CAPITALS: Readonly<Record<UfSigla, readonly [number, number]>> = {
  AC: [-9.97, -67.81],
  AL: [-9.67, -35.74],
  AM: [-3.12, -60.02],
  AP: [0.03, -51.07],
  BA: [-12.97, -38.5],
  CE: [-3.73, -38.52],
  DF: [-15.79, -47.88],
  ES: [-20.32, -40.34],
  GO: [-16.68, -49.25],
  MA: [-2.53, -44.3],
  MG: [-19.92, -43.94],
  MS: [-20.47, -54.62],
  MT: [-15.6, -56.1],
  PA: [-1.46, -48.49],
  PB: [-7.12, -34.86],
  PE: [-8.05, -34.88],
  PI: [-5.09, -42.8],
  PR: [-25.43, -49.27],
  RJ: [-22.91, -43.17],
  RN: [-5.79, -35.21],
  RO: [-8.76, -63.9],
  RR: [2.82, -60.67],
  RS: [-30.03, -51.23],
  SC: [-27.6, -48.55],
  SE: [-10.91, -37.07],
  SP: [-23.55, -46.63],
  TO: [-10.18, -48.33],
};

/** Great-circle distance between two capitals, in km. */
function distanceKm(a: string, b: string): number {
  const [lat1, lon1] = CAPITALS[a as UfSigla];
  const [lat2, lon2] = CAPITALS[b as UfSigla];
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * A route by land from `ufIni` to `ufFim`: the UFs crossed in between (infPercurso), or null when
 * either is not a UF. It crosses as few UFs as possible and, among those routes, the one whose
 * capital-to-capital length is shortest (RS→BA through SC, PR, SP, MG rather than MS and GO).
 * A proposal only: the user edits it to the road actually taken.
 */
export function proposeRoute(ufIni: string, ufFim: string): UfSigla[] | null {
  if (!NEIGHBOURS.has(ufIni) || !NEIGHBOURS.has(ufFim)) return null;
  // Dijkstra on (borders crossed, km): 27 nodes, so a linear scan for the next node is enough.
  const HOP = 100_000;
  const cost = new Map<string, number>([[ufIni, 0]]);
  const previous = new Map<string, string>();
  const done = new Set<string>();
  while (!done.has(ufFim)) {
    let current: string | null = null;
    for (const [uf, c] of cost)
      if (!done.has(uf) && (current === null || c < cost.get(current)!)) current = uf;
    if (current === null) return null;
    done.add(current);
    for (const next of neighbouringUfs(current)) {
      const c = cost.get(current)! + HOP + distanceKm(current, next);
      if (c < (cost.get(next) ?? Infinity)) {
        cost.set(next, c);
        previous.set(next, current);
      }
    }
  }
  const path: UfSigla[] = [];
  // Every node of the graph is a UF (NEIGHBOURS' keys), so the guard only narrows the type.
  for (let at = previous.get(ufFim); at !== undefined && at !== ufIni; at = previous.get(at))
    if (isUfSigla(at)) path.unshift(at);
  return path;
}
