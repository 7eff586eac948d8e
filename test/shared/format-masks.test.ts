import { describe, expect, it } from 'vitest';

import {
  applyMask,
  inputMasks,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfCnpj,
  maskPhone,
} from '../../electron/shared/masks';

/** Feeds the text one character at a time, as a user typing into the field would. */
function typeInto(mask: (value: string) => string, text: string): string {
  let field = '';
  for (const char of text) field = mask(field + char);
  return field;
}

describe('input masks', () => {
  it('formats an alphanumeric CNPJ as it is typed', () => {
    expect(maskCnpj('12')).toBe('12');
    expect(maskCnpj('123')).toBe('12.3');
    expect(maskCnpj('12abc')).toBe('12.ABC');
    expect(maskCnpj('12ABC3')).toBe('12.ABC.3');
    expect(maskCnpj('12ABC345')).toBe('12.ABC.345');
    expect(maskCnpj('12ABC3450')).toBe('12.ABC.345/0');
    expect(maskCnpj('12ABC34501DE')).toBe('12.ABC.345/01DE');
    expect(maskCnpj('12ABC34501DE3')).toBe('12.ABC.345/01DE-3');
    expect(typeInto(maskCnpj, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(typeInto(maskCnpj, '12345678000195999')).toBe('12.345.678/0001-95');
  });

  it('drops letters in the CNPJ check digits and punctuation typed by the user', () => {
    expect(maskCnpj('12ABC34501DEX')).toBe('12.ABC.345/01DE');
    expect(typeInto(maskCnpj, '12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('')).toBe('');
  });

  it('re-formats a pasted value', () => {
    expect(maskCnpj(' 12.345.678/0001-95 ')).toBe('12.345.678/0001-95');
    expect(maskCpf('123.456.789-09')).toBe('123.456.789-09');
  });

  it('formats CPF, CEP and phone as typed', () => {
    expect(typeInto(maskCpf, '12345678909')).toBe('123.456.789-09');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('12a3')).toBe('123');
    expect(typeInto(maskCep, '01310100')).toBe('01310-100');
    expect(maskCep('01310')).toBe('01310');
    expect(typeInto(maskPhone, '1134567890')).toBe('(11) 3456-7890');
    expect(typeInto(maskPhone, '11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('119')).toBe('(11) 9');
  });

  it('switches CPF → CNPJ when the text outgrows a CPF or has a letter', () => {
    expect(maskCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(maskCpfCnpj('123456789012')).toBe('12.345.678/9012');
    expect(maskCpfCnpj('12ABC')).toBe('12.ABC');
    expect(typeInto(maskCpfCnpj, '12345678000195')).toBe('12.345.678/0001-95');
  });

  it('exposes each mask with its formatted length', () => {
    expect(inputMasks.cnpj.maxLength).toBe(18);
    expect(inputMasks.cpf.maxLength).toBe(14);
    expect(inputMasks.cep.maxLength).toBe(9);
    expect(inputMasks.phone.maxLength).toBe(15);
    expect(inputMasks.cpfCnpj.apply('12345678000195')).toBe('12.345.678/0001-95');
    expect(applyMask('99/99', '1a2b3c4d5')).toBe('12/34');
  });
});
