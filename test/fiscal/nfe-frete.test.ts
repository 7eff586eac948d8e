// NF-e MOC 4.00 (Anexo I, X02 transp/modFrete, NT 2016.002) → CT-e MOC 4.00 ide/toma3/toma.
import { describe, expect, it } from 'vitest';

import { isModFrete, tomaFromModFrete } from '../../electron/fiscal/nfe-frete';

describe('tomaFromModFrete', () => {
  it('0 CIF and 3 own transport of the remetente → remetente (toma 0)', () => {
    expect([tomaFromModFrete('0'), tomaFromModFrete('3')]).toEqual([0, 0]);
  });
  it('1 FOB and 4 own transport of the destinatário → destinatário (toma 3)', () => {
    expect([tomaFromModFrete('1'), tomaFromModFrete('4')]).toEqual([3, 3]);
  });
  it('2 terceiros, 9 sem ocorrência, absent or unknown → ask (null)', () => {
    expect(['2', '9', '', '5', undefined].map(tomaFromModFrete)).toEqual([null, null, null, null, null]);
  });
  it('knows the six codes of the table', () => {
    expect(['0', '1', '2', '3', '4', '9', '5', '10'].map(isModFrete)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
