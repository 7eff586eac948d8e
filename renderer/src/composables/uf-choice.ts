// A UF picked on a screen, narrowed before it goes to a command: the command's schema refuses
// anything else the same way, so this only says it sooner and in the same words.
import type { UfSigla } from '@shared/fiscal';
import { isUfSigla } from '@shared/fiscal';

export function chosenUf(uf: string): UfSigla {
  if (isUfSigla(uf)) return uf;
  throw new Error('UF inválida: escolha a UF na lista.');
}
