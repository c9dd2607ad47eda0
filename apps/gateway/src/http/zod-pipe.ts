import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Validates a body or query at the edge; a `ZodError` becomes 400 `VALIDATION_FAILED` with its issues. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  // A request without a JSON body leaves it undefined: validate it as an empty object.
  return schema.parse(value ?? {});
}

export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.output<T> {
    return parseInput(this.schema, value);
  }
}
