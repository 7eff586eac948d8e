// An empty insurer CNPJ says "obrigatório", a wrong one "inválido" (issue 26): the clerk who has not
// typed it yet is not told it is wrong.
import { describe, expect, it } from 'vitest';

import { mdfeSeguroSchema } from '../../electron/shared/schemas/mdfe-form';

const seguro = (cnpjSeguradora: string) => ({
  responsavel: 1,
  seguradora: 'Seguradora Exemplo',
  cnpjSeguradora,
  apolice: '123',
  averbacoes: ['0001'],
});
const messageOf = (cnpj: string) =>
  mdfeSeguroSchema.safeParse(seguro(cnpj)).error?.issues.find((i) => i.path[0] === 'cnpjSeguradora')?.message;

describe('the insurer CNPJ', () => {
  it('empty (or only its mask) is obrigatório', () => {
    expect(messageOf('')).toBe('CNPJ da seguradora: obrigatório');
    expect(messageOf('  ')).toBe('CNPJ da seguradora: obrigatório');
  });
  it('typed wrong is inválido; typed right passes', () => {
    expect(messageOf('33.000.167/0001-00')).toBe('CNPJ da seguradora: CNPJ inválido, confira os dígitos');
    expect(messageOf('33.000.167/0001-01')).toBeUndefined();
  });
});
