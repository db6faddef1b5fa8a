export const slept: number[] = [];
export function sleep(seconds: number) {
  slept.push(seconds);
}
