import { beforeAll, describe, expect, it } from 'vitest';

import { municipioCommands } from '../../electron/app/commands/municipios';
import type { CommandTable } from '../../electron/app/dispatcher';
import { createDispatcher } from '../../electron/app/dispatcher';
import { silentLogger } from '../../electron/app/logger';
import type { MunicipioEntry } from '../../electron/app/municipios';
import { IBGE_NOT_IN_TABLE, MunicipioTable, foldName } from '../../electron/app/municipios';
import { IBGE_DV_EXCEPTIONS, ibgeMatchesUf, isValidIbgeMunicipio } from '../../electron/fiscal/ibge';

// One table for the whole file: the package's data is imported once, as in the app.
const table = new MunicipioTable();
let all: MunicipioEntry[] = [];
beforeAll(async () => {
  all = await table.all();
});

const label = (m: MunicipioEntry) => `${m.nome}/${m.uf}`;

describe('the IBGE table', () => {
  it('holds every municipality once: the 5,570 of the 2022 census plus Boa Esperança do Norte/MT', async () => {
    expect(all).toHaveLength(5571);
    expect(new Set(all.map((m) => m.codigo)).size).toBe(all.length);
    expect(await table.get('5101837')).toEqual({
      codigo: '5101837',
      nome: 'Boa Esperança do Norte',
      uf: 'MT',
    });
  });

  it('has only codes that pass the check digit (or are a listed exception) and match their UF', () => {
    const broken = all.filter((m) => !isValidIbgeMunicipio(m.codigo) || !ibgeMatchesUf(m.codigo, m.uf));
    expect(broken.map((m) => `${m.codigo} ${label(m)}`)).toEqual([]);
  });

  it('holds each check-digit exception of NT 2008.004 under the name the exception list gives', async () => {
    for (const [codigo, name] of Object.entries(IBGE_DV_EXCEPTIONS)) {
      const found = await table.get(codigo);
      expect(found && label(found)).toBe(name);
    }
  });

  it('keeps the accented names', async () => {
    expect(await table.get('3550308')).toEqual({ codigo: '3550308', nome: 'São Paulo', uf: 'SP' });
    expect((await table.get('2611606'))?.nome).toBe('Recife');
    expect(await table.get('3550309')).toBeNull();
  });
});

describe('search', () => {
  it('finds Campinas/SP first from "campinas" in any case and with or without accents', async () => {
    for (const query of ['campinas', 'CAMPINAS', 'Campinas ', 'cámpinas']) {
      const [first] = await table.search(query);
      expect(first).toEqual({ codigo: '3509502', nome: 'Campinas', uf: 'SP' });
    }
  });

  it('ranks the exact name, then names that start with it, then later words, then anywhere', async () => {
    const found = (await table.search('sao paulo')).map(label);
    expect(found[0]).toBe('São Paulo/SP');
    expect(found.slice(1)).toEqual(
      expect.arrayContaining(['São Paulo das Missões/RS', 'São Paulo de Olivença/AM']),
    );
    const paulo = (await table.search('paulo')).map(label);
    const wordPrefix = paulo.indexOf('São Paulo/SP');
    expect(paulo.indexOf('Paulo Afonso/BA')).toBeLessThan(wordPrefix);
    expect(wordPrefix).toBeGreaterThan(0);
    // "ampinas" is only inside a word: found after every name that starts or has a word with it.
    const inside = (await table.search('ampinas')).map(label);
    expect(inside).toContain('Campinas/SP');
    const tiers = await Promise.all(['curitiba', 'curit'].map((q) => table.search(q)));
    expect(tiers[0]![0]).toEqual({ codigo: '4106902', nome: 'Curitiba', uf: 'PR' });
    expect(tiers[1]!.map(label)).toEqual(expect.arrayContaining(['Curitiba/PR', 'Curitibanos/SC']));
  });

  it('ignores accents both ways and treats hyphens and apostrophes as spaces', async () => {
    expect((await table.search('sao jose dos campos')).map(label)[0]).toBe('São José dos Campos/SP');
    expect((await table.search('SÃO JOSÉ DOS CAMPOS')).map(label)[0]).toBe('São José dos Campos/SP');
    expect((await table.search("santa barbara d'oeste")).map(label)[0]).toBe("Santa Bárbara d'Oeste/SP");
    expect((await table.search('embu guacu')).map(label)).toContain('Embu-Guaçu/SP');
    expect(foldName("Pau-d'Arco")).toBe('pau d arco');
  });

  it('limits the answer to 20 and filters by UF', async () => {
    expect(await table.search('sa')).toHaveLength(20);
    const inMg = await table.search('santa', 'MG');
    expect(inMg.length).toBeGreaterThan(0);
    expect(inMg.every((m) => m.uf === 'MG')).toBe(true);
    const bomJesus = await table.search('bom jesus', 'PI');
    expect(bomJesus.map(label)[0]).toBe('Bom Jesus/PI');
  });

  it('finds a municipality by its typed code, with or without punctuation, and lists by a code prefix', async () => {
    expect(await table.search('3509502')).toEqual([{ codigo: '3509502', nome: 'Campinas', uf: 'SP' }]);
    expect(await table.search('35.0950-2')).toEqual([{ codigo: '3509502', nome: 'Campinas', uf: 'SP' }]);
    expect(await table.search('3509503')).toEqual([]);
    const prefix = await table.search('53');
    expect(prefix.map(label)).toEqual(['Brasília/DF']);
  });

  it('answers nothing for blank or punctuation-only queries', async () => {
    expect(await table.search('')).toEqual([]);
    expect(await table.search(' - ')).toEqual([]);
  });
});

describe('warningFor', () => {
  it('warns about a valid code the table lacks, and about nothing else', async () => {
    // 3509510: SP prefix and a correct check digit, but no municipality.
    expect(isValidIbgeMunicipio('3509510')).toBe(true);
    expect(await table.get('3509510')).toBeNull();
    expect(await table.warningFor('3509510')).toBe(IBGE_NOT_IN_TABLE);
    expect(await table.warningFor('3509502')).toBeNull();
    expect(await table.warningFor('9999999')).toBeNull();
    expect(await table.warningFor('3509503')).toBeNull();
  });
});

describe('loading', () => {
  it('loads the data once, and again after a failed load', async () => {
    let loads = 0;
    const flaky = new MunicipioTable(async () => {
      loads += 1;
      if (loads === 1) throw new Error('arquivo bloqueado');
      return [{ codigoIbge: 3509502, nome: 'Campinas', uf: 'SP' }];
    });
    await expect(flaky.search('campinas')).rejects.toThrow('arquivo bloqueado');
    expect(await flaky.search('campinas')).toHaveLength(1);
    await flaky.get('3509502');
    expect(loads).toBe(2);
  });
});

describe('municipio commands', () => {
  const dispatch = createDispatcher(municipioCommands(table) as CommandTable, silentLogger);

  it('searches and looks up through the contract', async () => {
    expect(await dispatch('municipio:search', { query: 'campinas', uf: 'SP' })).toEqual({
      ok: true,
      data: [{ codigo: '3509502', nome: 'Campinas', uf: 'SP' }],
    });
    expect(await dispatch('municipio:get', { codigo: '3509502' })).toEqual({
      ok: true,
      data: { municipio: { codigo: '3509502', nome: 'Campinas', uf: 'SP' }, warning: null },
    });
    expect(await dispatch('municipio:get', { codigo: '3509510' })).toEqual({
      ok: true,
      data: { municipio: null, warning: IBGE_NOT_IN_TABLE },
    });
  });

  it('refuses bad input with a Portuguese message', async () => {
    const badUf = await dispatch('municipio:search', { query: 'campinas', uf: 'XX' });
    expect(badUf).toMatchObject({ ok: false, error: { message: expect.stringContaining('UF inválida') } });
    const badCode = await dispatch('municipio:get', { codigo: '350950' });
    expect(badCode).toMatchObject({ ok: false, error: { message: expect.stringContaining('7 dígitos') } });
    const tooLong = await dispatch('municipio:search', { query: 'a'.repeat(81) });
    expect(tooLong).toMatchObject({ ok: false });
  });
});
