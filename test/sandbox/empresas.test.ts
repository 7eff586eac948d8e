import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { client, empresaBody, errorOf, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
const CNPJ = '11222333000181';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api = client(sandbox.url, await getToken(sandbox.url));
});
afterAll(() => sandbox.close());

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipart(fields: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----carreta-test-boundary';
  const parts = fields.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"${f.filename ? `; filename="${f.filename}"` : ''}\r\n` +
          `${f.type ? `Content-Type: ${f.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    ]),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('/empresas', () => {
  it('registers, reads, filters, updates and deletes a company', async () => {
    const created = await api.post<Record<string, unknown>>('/empresas', empresaBody());
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ cpf_cnpj: CNPJ, endereco: { codigo_pais: '1058', pais: 'Brasil' } });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const duplicate = await api.post('/empresas', empresaBody());
    expect(duplicate.status).toBe(409);
    expect(errorOf(duplicate).message).toContain('Já existe');

    expect((await api.get(`/empresas/${CNPJ}`)).body).toEqual(created.body);
    const filtered = await api.get<{ data: unknown[] }>(`/empresas?cpf_cnpj=${CNPJ}`);
    expect(filtered.body.data).toHaveLength(1);
    expect((await api.get<{ data: unknown[] }>('/empresas?cpf_cnpj=22333444000181')).body.data).toHaveLength(
      0,
    );

    const updated = await api.put<Record<string, unknown>>(`/empresas/${CNPJ}`, {
      ...empresaBody(),
      nome_fantasia: 'Azul',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ nome_fantasia: 'Azul', created_at: created.body.created_at });

    const mismatch = await api.put(`/empresas/${CNPJ}`, empresaBody('22333444000181'));
    expect(mismatch.status).toBe(400);

    expect((await api.delete(`/empresas/${CNPJ}`)).status).toBe(204);
    expect((await api.get(`/empresas/${CNPJ}`)).status).toBe(404);
    expect((await api.delete(`/empresas/${CNPJ}`)).status).toBe(404);
  });

  it('refuses a CNPJ with wrong check digits and accepts an alphanumeric CNPJ', async () => {
    const wrong = await api.post('/empresas', empresaBody('11222333000182'));
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toMatch(/CNPJ inválido/);
    const alnum = await api.post('/empresas', empresaBody('12ABC34501DE35', 'ALFA LTDA'));
    expect(alnum.status).toBe(200);
    expect((await api.get('/empresas/12ABC34501DE35')).status).toBe(200);
  });
});

describe('/empresas/{cpf_cnpj}/{cte,cteos,dce,distnfe,nfse}', () => {
  beforeAll(async () => {
    await api.post('/empresas', empresaBody());
  });

  it('stores and answers each configuration, 404 before it exists', async () => {
    expect((await api.get(`/empresas/${CNPJ}/cte`)).status).toBe(404);
    const configs: Record<string, object> = {
      cte: { CRT: 3, ambiente: 'homologacao' },
      cteos: { CRT: 1, ambiente: 'producao' },
      dce: { ambiente: 'homologacao' },
      distnfe: { ambiente: 'homologacao', distribuicao_automatica: true, distribuicao_intervalo_horas: 2 },
      nfse: { ambiente: 'homologacao', rps: { lote: 1, serie: 'RPS', numero: 10 } },
    };
    for (const [kind, config] of Object.entries(configs)) {
      const put = await api.put(`/empresas/${CNPJ}/${kind}`, config);
      expect(put.status, kind).toBe(200);
      expect((await api.get(`/empresas/${CNPJ}/${kind}`)).body).toMatchObject(config);
    }
    expect((await api.get(`/empresas/${CNPJ}/distnfe`)).body).toMatchObject({ ciencia_automatica: false });
  });

  it('validates configurations against the description', async () => {
    expect((await api.put(`/empresas/${CNPJ}/cte`, { ambiente: 'teste' })).status).toBe(400);
    expect((await api.put(`/empresas/${CNPJ}/dce`, {})).status).toBe(400);
    expect(
      (await api.put(`/empresas/${CNPJ}/distnfe`, { ambiente: 'producao', distribuicao_intervalo_horas: 25 }))
        .status,
    ).toBe(400);
    const nfse = await api.put(`/empresas/${CNPJ}/nfse`, { ambiente: 'producao' });
    expect(nfse.status).toBe(400);
    expect(errorOf(nfse).message).toContain("'rps'");
    expect((await api.put('/empresas/22333444000181/cte', { ambiente: 'producao' })).status).toBe(404);
  });
});

describe('/empresas/{cpf_cnpj}/logotipo', () => {
  beforeAll(async () => {
    await api.post('/empresas', empresaBody());
  });

  it('accepts a PNG by multipart, serves it back with its type, deletes it', async () => {
    const png = tinyPng();
    const put = await api.raw(
      'PUT',
      `/empresas/${CNPJ}/logotipo`,
      multipart([{ name: 'file', filename: 'logo.png', type: 'image/png', data: png }]),
    );
    expect(put.status).toBe(204);
    const got = await api.get(`/empresas/${CNPJ}/logotipo`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.raw.equals(png)).toBe(true);
    expect((await api.delete(`/empresas/${CNPJ}/logotipo`)).status).toBe(204);
    expect((await api.get(`/empresas/${CNPJ}/logotipo`)).status).toBe(404);
  });

  it('accepts a JPEG sent as the raw body, judged by its magic bytes', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(100, 1),
      Buffer.from([0xff, 0xd9]),
    ]);
    const put = await api.raw('PUT', `/empresas/${CNPJ}/logotipo`, {
      body: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(204);
    expect((await api.get(`/empresas/${CNPJ}/logotipo`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a non-image (even labelled image/png) and an image over 200 KB', async () => {
    const fake = await api.raw(
      'PUT',
      `/empresas/${CNPJ}/logotipo`,
      multipart([{ name: 'file', filename: 'x.png', type: 'image/png', data: 'GIF89a not png' }]),
    );
    expect(fake.status).toBe(400);
    expect(errorOf(fake).message).toContain('PNG ou JPEG');
    const big = Buffer.concat([tinyPng(), Buffer.alloc(201 * 1024)]);
    const tooBig = await api.raw(
      'PUT',
      `/empresas/${CNPJ}/logotipo`,
      multipart([{ name: 'file', filename: 'big.png', data: big }]),
    );
    expect(tooBig.status).toBe(413);
    expect(errorOf(tooBig).message).toContain('200 KB');
  });
});
