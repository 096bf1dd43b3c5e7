import type { Operation } from "../define.ts";
import { getEventOp, listEventsOp } from "./list-events.ts";

/** The events area: the feed of what webhooks are sent, for receivers that missed some and for agents. */
export const eventOperations: Operation[] = [listEventsOp, getEventOp];
