// Brings a logo under the API's 200 KB in the browser: smaller sizes (aspect ratio kept) and, for
// JPEG, lower quality steps, until the file fits. Uses a canvas, so it only runs in a real page.
import { MAX_LOGO_BYTES } from '@shared/schemas/certificate';

export type LogoType = 'image/png' | 'image/jpeg';

export interface LogoAttempt {
  scale: number;
  /** JPEG quality; undefined for PNG. */
  quality?: number;
}

const scales = [1, 0.85, 0.7, 0.55, 0.45, 0.35, 0.25, 0.18, 0.12];
const jpegQualities = [0.9, 0.8, 0.7, 0.6];

/**
 * The encodings tried in order, largest and best first. Encoded size grows roughly with the pixel
 * count, so the first size tried is the one that should just fit: on a busy office computer every
 * encoding of a large picture costs a noticeable moment.
 */
export function resizePlan(type: LogoType, size = 0, limit = MAX_LOGO_BYTES): LogoAttempt[] {
  const estimate = size > limit ? Math.sqrt(limit / size) * 0.95 : 1;
  const sizes = [estimate, ...scales.filter((scale) => scale < estimate)];
  return sizes.flatMap((scale) =>
    type === 'image/png' ? [{ scale }] : jpegQualities.map((quality) => ({ scale, quality })),
  );
}

export interface ResizedLogo {
  blob: Blob;
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('A imagem não pôde ser aberta. Use um arquivo PNG ou JPEG.'));
    };
    image.src = url;
  });
}

function encode(canvas: HTMLCanvasElement, type: LogoType, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Não foi possível reduzir a imagem.'))),
      type,
      quality,
    ),
  );
}

export async function downscaleLogo(
  file: Blob,
  type: LogoType,
  limit = MAX_LOGO_BYTES,
): Promise<ResizedLogo> {
  const image = await loadImage(file);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Não foi possível reduzir a imagem neste computador.');
  for (const attempt of resizePlan(type, file.size, limit)) {
    canvas.width = Math.max(1, Math.round(image.naturalWidth * attempt.scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * attempt.scale));
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (type === 'image/jpeg') {
      // JPEG has no transparency: a white page is what the logo is printed on.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
    }
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await encode(canvas, type, attempt.quality);
    if (blob.size <= limit) {
      return {
        blob,
        width: canvas.width,
        height: canvas.height,
        originalWidth: image.naturalWidth,
        originalHeight: image.naturalHeight,
      };
    }
  }
  throw new Error('Mesmo reduzida, a imagem passa de 200 KB. Use um logotipo mais simples.');
}
