import { describe, expect, it } from 'vitest';
import { checkAnswer, openSession } from './session';

/** A skill of one operation that promises a 201 with an `id`, and keeps only `id` (`pick`). */
function session() {
  const files = new Map([
    ['SKILL.md', '---\nname: inn\ndescription: An inn.\n---\n# Inn\n\n## Operations\n- `create_booking`: Book a room.\n'],
    [
      'create_booking.md',
      '---\noperation:\n  method: POST\n  url: https://inn.example/bookings\n  status: 201\n  body: [room]\n  returns: |\n    {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}, "additionalProperties": false}\n  pick: [id]\n---\nBook a room.\n',
    ],
  ]);
  return openSession({ folder: 'inn', files }, { kind: 'bundle', name: 'inn.zip' });
}

describe('checkAnswer', () => {
  it("checks an answer sent from the Call tab against the operation's status and returns, after pick", () => {
    const s = session();
    expect(checkAnswer(s, 'create_booking.md', 201, '{"id": "b1", "room": "heron"}')).toEqual({ kind: 'matches' });
    expect(checkAnswer(s, 'create_booking.md', 201, '{"id": 1}')).toEqual({ kind: 'differs', reasons: ['`/id` must be string'] });
    expect(checkAnswer(s, 'create_booking.md', 200, '{"id": "b1"}')).toEqual({ kind: 'not-success', expected: 201 });
    expect(checkAnswer(s, 'SKILL.md', 200, '')).toEqual({ kind: 'undeclared' });
  });
});
