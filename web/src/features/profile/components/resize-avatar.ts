/**
 * The cropper keeps the source resolution, the server wants exactly 150,
 * 200 or 300 px: draw the centre square of the image (the whole crop when
 * it is square already) onto a 300×300 canvas, same type.
 */
export const AVATAR_OUTPUT_SIZE = 300;

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    image.src = url;
  });
}

export async function resizeAvatar(file: File): Promise<File> {
  const image = await loadImage(file);
  if (image.naturalWidth === AVATAR_OUTPUT_SIZE && image.naturalHeight === AVATAR_OUTPUT_SIZE) return file;
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT_SIZE;
  canvas.height = AVATAR_OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.imageSmoothingQuality = 'high';
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  const left = (image.naturalWidth - side) / 2;
  const top = (image.naturalHeight - side) / 2;
  context.drawImage(image, left, top, side, side, 0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('no image');
  return new File([blob], file.name, { type });
}
