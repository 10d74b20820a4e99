// Reads a JSON array of simulations on stdin (iam-simulate's Simulation shape), evaluates each
// with @cloud-copilot/iam-simulate, and writes a JSON array of answers in the same order:
// {"result": "Allowed" | "ExplicitlyDenied" | "ImplicitlyDenied" | "Error", "errors": ...}.
// One process for a whole parameter set: the tool is loaded once.
import { runSimulation } from '@cloud-copilot/iam-simulate'

const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const simulations = JSON.parse(Buffer.concat(chunks).toString('utf8'))
const answers = []
for (const simulation of simulations) {
  const response = await runSimulation(simulation, {})
  if (response.resultType === 'error') {
    answers.push({ result: 'Error', errors: response.errors })
  } else {
    answers.push({ result: response.overallResult })
  }
}
process.stdout.write(JSON.stringify(answers))
