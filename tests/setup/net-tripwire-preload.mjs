// The network tripwire (net-tripwire.mjs) in a process started with NODE_OPTIONS=--import=<this file>.
import { installNetTripwire } from "./net-tripwire.mjs";

installNetTripwire();
