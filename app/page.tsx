import { Wizard } from '../components/wizard/wizard';

export default function HomePage() {
  return (
    <div className="page">
      <header className="intro">
        <h1>Skill Wizard</h1>
        <p>
          Turn a vendor&apos;s OpenAPI spec into a <em>skill</em>: one markdown file per API operation, each declaring its method, URL and a
          JSON Schema of its arguments, so an agent can call the API correctly the first time.
        </p>
      </header>
      <Wizard />
      <details className="how">
        <summary>
          <h2>How it works</h2>
        </summary>
        <ol>
          <li>Upload a spec: Swagger 2.0, OpenAPI 3.0 or 3.1; JSON or YAML; one file or a set of files.</li>
          <li>
            Get operation files with schema blocks, a shared <code>types.json</code> and a <code>SKILL.md</code> manifest, with a report of
            everything that could not be declared.
          </li>
          <li>Review and edit every file, with every publish rule checked as you type.</li>
          <li>See each tool exactly as a model gets it, and the exact request a call would send.</li>
          <li>Download the skill as a bundle, and open it here again later.</li>
        </ol>
        <p>The same conversion runs on the command line: see the project README.</p>
      </details>
    </div>
  );
}
