import { constants, crc32, createDeflateRaw } from 'node:zlib'

interface Entry {
  name: string
  /** The entry's text in pieces, each repeated `times` (so 500 MiB is made from one small piece). */
  pieces: { text: string; times: number }[]
}

async function deflate(entry: Entry): Promise<{ data: Buffer; crc: number; size: number }> {
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

/**
 * A workbook of a few hundred KiB with Berkeley's header row whose one comment expands to `commentMib` MiB: the
 * whole archive stays under the 512 MiB expansion limit, so only reading it off the request thread protects the API.
 */
export function workbookBomb(commentMib = 500): Promise<Uint8Array> {
  const mib = 'A'.repeat(1024 * 1024)
  return zip([
    {
      name: '[Content_Types].xml',
      pieces: once(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `<Override PartName="/xl/comments1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/>` +
          `</Types>`,
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
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: once(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><dimension ref="A1:C1"/><sheetData><row r="1">` +
          `<c r="A1" t="inlineStr"><is><t>Project ID</t></is></c><c r="B1" t="inlineStr"><is><t>Project Name</t></is></c>` +
          `<c r="C1" t="inlineStr"><is><t>Voluntary Registry</t></is></c></row></sheetData></worksheet>`,
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
