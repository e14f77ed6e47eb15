import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib'

interface Deflated {
  data: Buffer
  crc: number
  size: number
}

interface Entry {
  name: string
  /** The entry's text in pieces, each repeated `times` (so 500 MiB is made from one small piece). */
  pieces: { text: string; times: number }[]
  /** The entry already deflated, for one too large to deflate in a test's time. */
  deflated?: Deflated
}

async function deflate(entry: Entry): Promise<Deflated> {
  if (entry.deflated) return entry.deflated
  const deflater = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION })
  const chunks: Buffer[] = []
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise((resolve, reject) => {
    deflater.on('end', resolve)
    deflater.on('error', reject)
  })
  let crc = 0
  let size = 0
  for (const { text, times } of entry.pieces) {
    const piece = Buffer.from(text)
    for (let i = 0; i < times; i++) {
      crc = crc32(piece, crc)
      size += piece.length
      if (!deflater.write(piece)) await new Promise((resolve) => deflater.once('drain', resolve))
    }
  }
  deflater.end()
  await done
  return { data: Buffer.concat(chunks), crc, size }
}

/** A zip archive of deflated entries, written by hand so an entry of hundreds of MiB is never held expanded. */
async function zip(entries: Entry[]): Promise<Uint8Array> {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const { data, crc, size } = await deflate(entry)
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt16LE(0x21, 12)
    local.writeUInt32LE(crc >>> 0, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(8, 10)
    header.writeUInt16LE(0x21, 14)
    header.writeUInt32LE(crc >>> 0, 16)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(size, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    central.push(header, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const once = (text: string) => [{ text, times: 1 }]
const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** A workbook's parts around its one sheet, named PROJECTS. */
const workbookParts = (extraTypes = ''): Entry[] => [
  {
    name: '[Content_Types].xml',
    pieces: once(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `${extraTypes}</Types>`,
    ),
  },
  {
    name: '_rels/.rels',
    pieces: once(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
  },
  {
    name: 'xl/workbook.xml',
    pieces: once(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets>` +
        `<sheet name="PROJECTS" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    pieces: once(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  },
]

/** Berkeley's three required headers, as the first row of a sheet. */
const headerRow =
  `<row r="1"><c r="A1" t="inlineStr"><is><t>Project ID</t></is></c><c r="B1" t="inlineStr"><is><t>Project Name</t></is></c>` +
  `<c r="C1" t="inlineStr"><is><t>Voluntary Registry</t></is></c></row>`

/**
 * A sheet whose rows are `gib` GiB of whitespace apart (valid XML), deflated without deflating gigabytes: a MiB of
 * spaces deflated with a full flush is a stretch of deflate stream that stands alone, so it is repeated as is.
 */
function sheetOfWhitespace(gib: number): Deflated {
  const piece = (text: string | Buffer, flush: number) => deflateRawSync(text, { level: constants.Z_BEST_COMPRESSION, finishFlush: flush })
  const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${headerRow}`
  const tail = `<row r="2"><c r="A2" t="inlineStr"><is><t>VCS1</t></is></c></row></sheetData></worksheet>`
  const mibOfSpaces = piece(Buffer.alloc(1024 * 1024, 0x20), constants.Z_FULL_FLUSH)
  const data = Buffer.concat([piece(head, constants.Z_FULL_FLUSH), ...Array<Buffer>(gib * 1024).fill(mibOfSpaces), piece(tail, constants.Z_FINISH)])
  // The checksum is left 0: the sizes declared are 0 too, and nothing that reads this gets as far as checking it.
  return { data, crc: 0, size: Buffer.byteLength(head) + gib * 1024 * 1024 * 1024 + Buffer.byteLength(tail) }
}

/** Rewrites every entry's expanded size, in its local header and in the central directory, to `declared`. */
export function declaring(zip: Uint8Array, declared: number): Uint8Array {
  const bytes = zip.slice()
  const view = new DataView(bytes.buffer)
  const end = bytes.length - 22
  let at = view.getUint32(end + 16, true)
  for (let n = view.getUint16(end + 10, true); n > 0; n--) {
    view.setUint32(at + 24, declared, true)
    view.setUint32(view.getUint32(at + 42, true) + 22, declared, true)
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  return bytes
}

/**
 * A workbook of about `gib` MB whose sheet inflates to `gib` GiB, every entry declaring it expands to 0 bytes in
 * its local header and in the central directory: a check that trusts declared sizes lets it through, and a reader
 * that sizes its buffer by them grows it for as long as the inflation goes on.
 */
export async function workbookDeclaringNoSize(gib = 3): Promise<Uint8Array> {
  return declaring(await zip([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', pieces: [], deflated: sheetOfWhitespace(gib) }]), 0)
}

/**
 * A workbook of a few hundred KiB with Berkeley's header row whose one comment expands to `commentMib` MiB: the
 * whole archive stays under the 512 MiB expansion limit, so only reading it off the request thread protects the API.
 */
export function workbookBomb(commentMib = 500): Promise<Uint8Array> {
  const mib = 'A'.repeat(1024 * 1024)
  return zip([
    ...workbookParts(`<Override PartName="/xl/comments1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/>`),
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: once(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><dimension ref="A1:C1"/><sheetData>${headerRow}</sheetData></worksheet>`,
      ),
    },
    {
      name: 'xl/worksheets/_rels/sheet1.xml.rels',
      pieces: once(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/comments" Target="../comments1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/comments1.xml',
      pieces: [
        { text: `<?xml version="1.0" encoding="UTF-8"?><comments xmlns="${ns}"><authors><author>a</author></authors><commentList><comment ref="A1" authorId="0"><text><t>`, times: 1 },
        { text: mib, times: commentMib },
        { text: `</t></text></comment></commentList></comments>`, times: 1 },
      ],
    },
  ])
}
