// Print, save PDF and save XML of one document, telling the user where the file went.
import { ref } from 'vue';

import { invoke } from '../../bridge';
import { useNotifyStore } from '../../stores/notify';
import { deliverProduced, downloadBase64, openPdf } from './download';

export function usePrinting() {
  const notify = useNotifyStore();
  const busy = ref<'print' | 'pdf' | 'xml' | null>(null);

  async function run(kind: 'print' | 'pdf' | 'xml', task: () => Promise<void>) {
    busy.value = kind;
    try {
      await task();
    } catch (error) {
      notify.error(error, kind === 'print' ? 'Não foi possível imprimir' : 'Não foi possível salvar');
    } finally {
      busy.value = null;
    }
  }

  const print = (id: number, eventId = 0, printer?: string, remember = false) =>
    run('print', async () => {
      const result = await invoke('print:print', { id, eventId, printer, remember });
      if (result.mode === 'browser' && result.file) {
        if (!openPdf(result.file.base64))
          downloadBase64(result.file.fileName, result.file.base64, 'application/pdf');
        notify.success(
          'PDF aberto no navegador.',
          'Use o comando Imprimir do navegador (Ctrl+P) para imprimir.',
        );
      } else if (result.mode === 'printed') notify.success('Documento enviado para a impressora.');
    });

  const savePdf = (id: number, eventId = 0) =>
    run('pdf', async () => {
      const message = deliverProduced(await invoke('print:pdf', { id, eventId }), 'application/pdf');
      if (message) notify.success('PDF salvo.', message);
    });

  const saveXml = (id: number, eventId = 0) =>
    run('xml', async () => {
      const file = await invoke('documents:file', { id, kind: 'xml', eventId });
      downloadBase64(file.fileName, file.base64, file.contentType);
      notify.success('XML salvo.', `${file.fileName} baixado.`);
    });

  return { busy, print, savePdf, saveXml };
}
