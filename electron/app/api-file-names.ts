import type { FileDocKind } from '../shared/file-names';
import { documentXmlName, eventFileBase, printoutName } from '../shared/file-names';

/** `<chave>-<tipo>.<ext>` for each file the API serves (see shared/file-names). */
export function apiFileName(base: string, kind: FileDocKind, file: string): string {
  switch (file) {
    case 'xml':
      return documentXmlName(base, kind);
    case 'pdf':
      return printoutName(base, kind);
    case 'xml_enviado':
      return `${base}-${kind}-enviado.xml`;
    case 'xml_protocolo':
      return `${base}-protocolo.xml`;
    case 'cancelamento_xml':
      return `${eventFileBase(base, 'cancelamento', 1)}.xml`;
    case 'carta_correcao_xml':
      return `${base}-carta-correcao.xml`;
    case 'carta_correcao_pdf':
      return `${base}-carta-correcao.pdf`;
    default:
      return `${base}-${file.replace(/_/g, '-')}`;
  }
}
