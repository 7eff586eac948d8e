// How the MDF-e's insurance block (seg) fills itself: the responsible, insurer and policy from the
// averbadora's settings or the company's last MDF-e, only where the clerk left a field empty; the
// averbação numbers the averbadora gave the trip's CT-e, replacing only numbers filled before by
// the form itself (or the empty placeholder), never ones the clerk typed.
import type { SeguroDraft } from './mdfe-model';

export interface SeguroSource {
  responsavel: 1 | 2;
  cpfCnpjResponsavel: string;
  seguradora: string;
  cnpjSeguradora: string;
  apolice: string;
}

/** Fills the empty fields of `s` from `from` (all of them when `s` is still untouched). */
export function fillSeguro(s: SeguroDraft, from: SeguroSource): void {
  const untouched = !s.seguradora && !s.cnpjSeguradora && !s.apolice && !s.cpfCnpjResponsavel;
  if (untouched) {
    s.responsavel = from.responsavel;
    s.cpfCnpjResponsavel = from.cpfCnpjResponsavel;
  }
  if (!s.seguradora) s.seguradora = from.seguradora;
  if (!s.cnpjSeguradora) s.cnpjSeguradora = from.cnpjSeguradora;
  if (!s.apolice) s.apolice = from.apolice;
}

/**
 * Puts the trip's averbação numbers in `s.averbacoes` when what is there was filled by the form
 * (`auto`) or is empty; returns the numbers now filled by the form (to recognise them next time).
 */
export function fillAverbacoes(
  s: SeguroDraft,
  numeros: readonly string[],
  auto: readonly string[],
): string[] {
  const typed = s.averbacoes.filter((a) => a.trim() && !auto.includes(a));
  if (typed.length > 0 || numeros.length === 0) return [...auto];
  s.averbacoes = [...numeros];
  return [...numeros];
}
