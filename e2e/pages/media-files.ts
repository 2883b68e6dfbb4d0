import { expect, type Locator } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** A file to hand to the browser's file chooser. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A real PNG of one random colour: every call has new bytes (a new md5), so runs never collide. */
export function freshPng(name: string, size = 48): ChosenFile {
  const [r, g, b] = randomBytes(3);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set([r!, g!, b!], y * (size * 3 + 1) + 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const buffer = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return { name, mimeType: 'image/png', buffer };
}

/** A program renamed to .png: the suffix passes the browser's checks, the server's content sniffing refuses it. */
export function disguisedProgram(name: string): ChosenFile {
  return { name, mimeType: 'image/png', buffer: Buffer.concat([Buffer.from('MZ'), randomBytes(256)]) };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * New images through the console's media picker, in either language: `opener` opens the select-image dialog, its
 * "upload to the current directory" link the upload dialog; the files go up, then each is ticked and confirmed.
 */
export async function pickNewImages(opener: Locator, files: readonly ChosenFile[]): Promise<void> {
  const page = opener.page();
  await opener.click();
  const select = page.getByRole('dialog', { name: /^(选择图片|select image)$/ });
  await select.getByText(/^(没有想要的文件？点击上传到当前目录|no file you want\? click to upload to the current directory)$/).click();
  const upload = page.getByRole('dialog', { name: /^(上传文件|upload file)$/ });
  await upload.getByTestId('media-file-input').setInputFiles([...files]);
  await upload.getByTestId('pending-file').nth(files.length - 1).waitFor();
  await upload.getByRole('button', { name: /^(上传到服务器|upload to server)$/ }).click();
  await expect(upload).toBeHidden();
  for (const file of files) await select.getByRole('checkbox', { name: new RegExp(`^(选择|choose) ${escaped(file.name)}$`) }).check();
  await select.getByRole('button', { name: /^(确定|confirm)$/ }).click();
  await expect(select).toBeHidden();
}
