import { describe, expect, it } from 'vitest';
import { cepMatchesUf, isValidCep, normalizeCep, ufForCep } from '../../electron/fiscal/cep';

describe('CEP', () => {
  it('normalizes masks and numbers', () => {
    expect(normalizeCep('80010-000')).toBe('80010000');
    expect(normalizeCep(' 01.310-100 ')).toBe('01310100');
    expect(normalizeCep(1310100)).toBe('01310100');
    expect(normalizeCep(null)).toBe('');
  });

  it('accepts 8 digits except all zeros', () => {
    expect(isValidCep('80010-000')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('00000000')).toBe(false);
    expect(isValidCep('8001000')).toBe(false);
    expect(isValidCep('800100000')).toBe(false);
    expect(isValidCep('8001O000')).toBe(false);
    for (const junk of [undefined, {}, [], '', -1, 1.5]) expect(isValidCep(junk)).toBe(false);
  });

  it('maps capitals to their UF (Correios state ranges)', () => {
    const capitals: Record<string, string> = {
      '01310-100': 'SP', // São Paulo, Av. Paulista
      '20040-020': 'RJ', // Rio de Janeiro
      '29010-000': 'ES', // Vitória
      '30130-010': 'MG', // Belo Horizonte
      '40020-000': 'BA', // Salvador
      '49010-000': 'SE', // Aracaju
      '50010-000': 'PE', // Recife
      '57020-000': 'AL', // Maceió
      '58010-000': 'PB', // João Pessoa
      '59010-000': 'RN', // Natal
      '60010-000': 'CE', // Fortaleza
      '64000-000': 'PI', // Teresina
      '65010-000': 'MA', // São Luís
      '66010-000': 'PA', // Belém
      '68900-000': 'AP', // Macapá
      '69005-000': 'AM', // Manaus
      '69301-000': 'RR', // Boa Vista
      '69900-000': 'AC', // Rio Branco
      '70040-000': 'DF', // Brasília
      '74003-010': 'GO', // Goiânia
      '76801-000': 'RO', // Porto Velho
      '77001-000': 'TO', // Palmas
      '78005-000': 'MT', // Cuiabá
      '79002-000': 'MS', // Campo Grande
      '80010-000': 'PR', // Curitiba
      '88010-000': 'SC', // Florianópolis
      '90010-000': 'RS', // Porto Alegre
    };
    for (const [cep, uf] of Object.entries(capitals)) {
      expect(ufForCep(cep)?.sigla, cep).toBe(uf);
      expect(cepMatchesUf(cep, uf)).toBe(true);
    }
    expect(new Set(Object.values(capitals)).size).toBe(27);
  });

  it('handles the split ranges of AM/RR and DF/GO', () => {
    expect(ufForCep('69400-000')?.sigla).toBe('AM');
    expect(ufForCep('69399-999')?.sigla).toBe('RR');
    expect(ufForCep('72800-000')?.sigla).toBe('GO');
    expect(ufForCep('73000-000')?.sigla).toBe('DF');
    expect(ufForCep('73700-000')?.sigla).toBe('GO');
  });

  it('returns null for invalid CEPs and unassigned prefixes', () => {
    expect(ufForCep('00999-000')).toBeNull();
    expect(ufForCep('78950-000')).toBeNull();
    expect(ufForCep('abc')).toBeNull();
    expect(cepMatchesUf('80010-000', 'SC')).toBe(false);
    expect(cepMatchesUf('80010-000', null)).toBe(false);
  });
});
