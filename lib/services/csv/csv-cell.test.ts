import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv-cell.ts";

describe("csv cells", () => {
  it("quotes what must be quoted, and only that", () => {
    expect(csvLine(["plain", 'say "hi"', "a,b", "two\nlines", " edge", null, undefined, ""])).toBe(
      'plain,"say ""hi""","a,b","two\nlines"," edge",,,\r\n',
    );
  });

  it("defuses formulas but keeps numbers", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-cmd")).toBe("'-cmd");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("1e5")).toBe("1e5");
  });
});
