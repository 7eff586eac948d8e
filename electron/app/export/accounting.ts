import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';

import type { DocumentRecordRow, Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';

export interface ExportRequest {
  company: string;
  environment: Environment;
  from: string;
  to: string;
}

const KIND_LABEL = { cte: 'CT-e', cteos: 'CT-e OS', dce: 'DC-e' } as const;
const HEADERS = [
  'Tipo',
  'Série',
  'Número',
  'Chave',
  'Emissão',
  'Situação',
  'Tomador',
  'CNPJ/CPF tomador',
  'UF início',
  'UF fim',
  'Valor da prestação',
  'ICMS',
];

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));
const day = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const csvCell = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const safeName = (text: string) => text.replace(/[^0-9A-Za-z_-]/g, '_');

function csvLine(row: DocumentRecordRow): string {
  return [
    KIND_LABEL[row.kind],
    String(row.serie ?? ''),
    String(row.numero ?? ''),
    row.chave ?? '',
    day(row.data_emissao),
    row.status,
    row.tomador_nome ?? '',
    row.tomador_doc ?? '',
    row.uf_inicio ?? '',
    row.uf_fim ?? '',
    money(row.valor_prestacao),
    money(row.valor_icms),
  ]
    .map(csvCell)
    .join(';');
}

function sheetRow(row: DocumentRecordRow): SheetData[number] {
  return [
    { value: KIND_LABEL[row.kind] },
    { value: row.serie ?? undefined, type: Number },
    { value: row.numero ?? undefined, type: Number },
    { value: row.chave ?? '' },
    { value: day(row.data_emissao) },
    { value: row.status },
    { value: row.tomador_nome ?? '' },
    { value: row.tomador_doc ?? '' },
    { value: row.uf_inicio ?? '' },
    { value: row.uf_fim ?? '' },
    {
      value: row.valor_prestacao === null ? undefined : row.valor_prestacao / 100,
      type: Number,
      format: '#,##0.00',
    },
    { value: row.valor_icms === null ? undefined : row.valor_icms / 100, type: Number, format: '#,##0.00' },
  ];
}

/**
 * The accountant's package for a period: every processed XML (documents and their events) in one
 * folder per month of issue, plus a CSV (Excel-friendly: BOM, ';', decimal comma) and an XLSX
 * summary.
 */
export async function buildAccountingExport(
  repos: Repositories,
  request: ExportRequest,
): Promise<{ zip: Buffer; documents: number; events: number }> {
  const rows = await repos.browser.exportRows(request);
  const files: Zippable = {};
  let events = 0;
  for (const row of rows) {
    const month = (row.data_emissao ?? '0000-00').slice(0, 7);
    const base = safeName(row.chave ?? `${row.kind}-${row.serie ?? 0}-${row.numero ?? row.api_id}`);
    const xml = await repos.files.get(row.id, 0, 'xml');
    if (xml) files[`${month}/${base}-${row.kind}.xml`] = xml.bytes;
    for (const event of await repos.events.list(row.id)) {
      const eventXml = await repos.files.get(row.id, event.id, 'xml');
      if (!eventXml) continue;
      files[`${month}/eventos/${base}-${event.type}-${event.sequence}.xml`] = eventXml.bytes;
      events++;
    }
  }
  const csv = [HEADERS.join(';'), ...rows.map(csvLine)].join('\r\n');
  files['resumo.csv'] = strToU8(`\ufeff${csv}\r\n`);
  const sheet: SheetData = [
    HEADERS.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map(sheetRow),
  ];
  files['resumo.xlsx'] = await writeXlsxFile(sheet).toBuffer();
  return { zip: Buffer.from(zipSync(files, { level: 6 })), documents: rows.length, events };
}
