// DC-e form fixtures (as the renderer sends them) for the payload, contract and command tests.
import type { z } from 'zod';

import type { dceFormSchema } from '../../../electron/shared/schemas/dce-form';

export type DceFormInput = z.input<typeof dceFormSchema>;

export function dceForm(overrides: Partial<DceFormInput> = {}): DceFormInput {
  return {
    remetente: {
      cpfCnpj: '123.456.789-09',
      xNome: 'Maria Remetente',
      fone: '(41) 3333-2222',
      endereco: {
        xLgr: 'Rua das Flores',
        nro: '10',
        xBairro: 'Centro',
        cMun: '4106902',
        xMun: 'Curitiba',
        uf: 'pr',
        cep: '80010-000',
      },
    },
    destinatario: {
      cpfCnpj: '11.444.777/0001-61',
      xNome: 'Loja Destino Ltda',
      email: 'compras@destino.example',
      endereco: {
        xLgr: 'Av. Paulista',
        nro: '1000',
        xCpl: 'Sala 5',
        xBairro: 'Bela Vista',
        cMun: '3550308',
        xMun: 'São Paulo',
        uf: 'SP',
        cep: '01310-100',
      },
    },
    itens: [
      { xProd: 'Livros usados', ncm: '49', qCom: 3, vUnCom: 12.5 },
      { xProd: 'Caneca de cerâmica', ncm: '6912.00.00', qCom: 2.5, vUnCom: 7.33, infAdProd: 'frágil' },
    ],
    modTrans: 2,
    observacoes: 'Entregar em horário comercial.',
    ...overrides,
  };
}
