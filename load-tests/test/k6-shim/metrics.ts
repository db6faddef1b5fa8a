export const added: Array<{ name: string; value: number }> = [];
class Metric {
  constructor(readonly name: string) {}
  add(value: number) {
    added.push({ name: this.name, value });
  }
}
export class Counter extends Metric {}
export class Rate extends Metric {}
export class Trend extends Metric {}
