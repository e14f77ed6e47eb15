import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { leaveOutSchemaDescriptions } from '../../bundling/schema-descriptions'

const contractFolder = resolve('src/api/contract')
/** The module's string literals: those a `described` call gives as its description, and all the others. */
function stringsOf(code: string, path: string) {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true)
  const descriptions: string[] = []
  const others: string[] = []
  const visit = (node: ts.Node, parent?: ts.Node) => {
    const isDescription = parent && ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'described' && parent.arguments[1] === node
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isDescription) descriptions.push(node.text)
      else if (node.text !== '') others.push(node.text)
    }
    // A description written as a template with values in it (`left out, ${defaultShortlistSize}, …`), the strings
    // inside it its own.
    if (ts.isTemplateExpression(node) && isDescription) {
      descriptions.push(node.getText(source))
      return
    }
    ts.forEachChild(node, (child) => visit(child, node))
  }
  visit(source)
  return { descriptions: descriptions.filter((text) => text.length > 0), others }
}

const transform = leaveOutSchemaDescriptions().transform as (code: string, id: string) => { code: string } | null

describe("the browser's build of the contract", () => {
  it('leaves out every description `described` gives a schema, and nothing else, in every contract module', () => {
    let described = 0
    for (const name of readdirSync(contractFolder).filter((file) => file.endsWith('.ts'))) {
      const path = join(contractFolder, name)
      const code = readFileSync(path, 'utf8')
      const out = transform(code, path)?.code ?? code
      // Still a module that compiles, with no syntax error from the cuts.
      const compiled = ts.transpileModule(out, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext } })
      expect(compiled.diagnostics, name).toEqual([])
      // Each description is gone, and every other string (a validation message, a literal) is kept.
      const { descriptions, others } = stringsOf(code, path)
      described += descriptions.length
      const left = stringsOf(out, path)
      expect(left.descriptions, name).toEqual([])
      expect(left.others, name).toEqual(others)
    }
    expect(described).toBeGreaterThan(100)
  })

  it('changes no module outside the contract', () => {
    const path = resolve('src/api/endpoints.ts')
    expect(transform("const a = described(x, 'kept here')", path)).toBeNull()
  })
})
