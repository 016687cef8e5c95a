/**
 * A library's answer (tus) as it is, or an answer lib/ gave as data (a status and headers, no body)
 * built here: lib/ never builds a Response itself.
 */
export function answerOf(answer: Response | { status: number; headers: Record<string, string> }): Response {
  return answer instanceof Response ? answer : new Response(null, answer);
}
