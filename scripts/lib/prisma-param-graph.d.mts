export const STRING_PADDING: number;
export const PLACEHOLDER: string;

export interface InputEdge {
  key: number;
  scalarMask: number;
  child: number | undefined;
  enumName: number | undefined;
  flags: number;
}
export interface OutputEdge {
  key: number;
  args: number | undefined;
  output: number | undefined;
}
export interface DecodedGraph {
  inputNodes: InputEdge[][];
  outputNodes: OutputEdge[][];
  roots: OutputEdge[];
}

export function decodeGraph(graph: string): DecodedGraph;
export function encodeGraph(decoded: DecodedGraph): string;
export function shiftStrings(decoded: DecodedGraph, by: number): DecodedGraph;
export function padParameterizationSchema(schema: { strings: string[]; graph: string }): { strings: string[]; graph: string };
export function padClientSource(source: string): string;
