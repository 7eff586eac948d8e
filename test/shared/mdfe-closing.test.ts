// The closing's input (mdfe:close) and the clerk's words for a date the authority refuses (MOC MDF-e
// 3.00: 615 before the authorization, 635 in the future — fiscal/mdfe-rules.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';

import { closingDateProblem, mdfeCloseInputSchema } from '../../electron/shared/schemas/mdfe';

afterEach(() => vi.useRealTimers());

describe('mdfe:close input', () => {
  it('takes today in Brasília, refuses tomorrow and a day the calendar lacks', () => {
    // 22:30 of the 27th in Brasília: the UTC day is already the 28th.
    vi.useFakeTimers({ now: new Date('2026-11-28T01:30:00Z'), toFake: ['Date'] });
    const input = (data: string) => ({ id: 7, uf: 'PR', codigoMunicipio: '4106902', data });
    expect(mdfeCloseInputSchema.safeParse(input('2026-11-27')).success).toBe(true);
    const future = mdfeCloseInputSchema.safeParse(input('2026-11-28'));
    expect(future.success).toBe(false);
    expect(future.error?.issues[0]?.message).toBe(
      'A data de encerramento não pode ser futura: informe o dia em que a viagem terminou (hoje ou antes).',
    );
    const invalid = mdfeCloseInputSchema.safeParse(input('2026-02-30'));
    expect(invalid.error?.issues[0]?.message).toBe('Data de encerramento inválida: confira o dia e o mês.');
    expect(mdfeCloseInputSchema.safeParse({ id: 7, uf: 'PR', codigoMunicipio: '4106902' }).success).toBe(
      true,
    );
  });

  it('says why a date is refused, with the dates in dd/mm/aaaa', () => {
    const now = new Date('2026-11-28T01:30:00Z');
    const authorized = '2026-11-25T08:00:04-03:00';
    expect(closingDateProblem('2026-11-27', authorized, now)).toBeNull();
    expect(closingDateProblem('2026-11-28', authorized, now)).toBe(
      'A data de encerramento não pode ser futura: informe o dia em que a viagem terminou (hoje ou antes). Hoje é 27/11/2026.',
    );
    expect(closingDateProblem('2026-11-24', authorized, now)).toBe(
      'A data de encerramento não pode ser anterior à autorização do MDF-e (25/11/2026).',
    );
    expect(closingDateProblem('2026-11-24', null, now)).toBeNull();
  });
});
