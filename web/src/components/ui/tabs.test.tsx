// @vitest-environment happy-dom
/** The tabs pattern the home page's filter and the dashboards rely on: roles, the roving tab stop, keys. */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs.tsx";

afterEach(cleanup);

function Metals({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="all" onValueChange={onValueChange}>
      <TabsList aria-label="Filter by metal">
        <TabsTrigger value="all">All</TabsTrigger>
        <TabsTrigger value="gold">Gold</TabsTrigger>
        <TabsTrigger value="silver" disabled>
          Silver
        </TabsTrigger>
        <TabsTrigger value="platinum">Platinum</TabsTrigger>
      </TabsList>
      {["all", "gold", "silver", "platinum"].map((value) => (
        <TabsContent key={value} value={value}>
          {value} grid
        </TabsContent>
      ))}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });
const selected = () => screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true");

describe("Tabs", () => {
  it("ties each tab to its panel and shows only the chosen panel's content", () => {
    render(<Metals />);
    expect(screen.getByRole("tablist", { name: "Filter by metal" })).toBeTruthy();
    const all = tab("All");
    const panel = document.getElementById(all.getAttribute("aria-controls") ?? "");
    expect(panel?.getAttribute("role")).toBe("tabpanel");
    expect(panel?.getAttribute("aria-labelledby")).toBe(all.id);
    expect(panel?.textContent).toBe("all grid");
    const gold = document.getElementById(tab("Gold").getAttribute("aria-controls") ?? "");
    expect(gold?.hidden).toBe(true);
    expect(gold?.textContent).toBe("");
    expect(all.getAttribute("data-state")).toBe("active");
    expect(tab("Gold").getAttribute("data-state")).toBe("inactive");
  });

  it("is one tab stop, the chosen tab", () => {
    render(<Metals />);
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it("chooses a tab on a primary press, and not on a secondary one", () => {
    const change = vi.fn();
    render(<Metals onValueChange={change} />);
    fireEvent.mouseDown(tab("Gold"), { button: 2 });
    expect(selected()?.textContent).toBe("All");
    fireEvent.mouseDown(tab("Gold"), { button: 0 });
    expect(selected()?.textContent).toBe("Gold");
    expect(change).toHaveBeenCalledWith("gold");
    expect(document.activeElement).toBe(tab("Gold"));
    expect(screen.getByText("gold grid")).toBeTruthy();
  });

  it("moves with the arrows (wrapping, past a disabled tab) and to the ends with Home and End", () => {
    render(<Metals />);
    tab("All").focus();
    fireEvent.keyDown(tab("All"), { key: "ArrowRight" });
    expect(selected()?.textContent).toBe("Gold");
    fireEvent.keyDown(tab("Gold"), { key: "ArrowRight" });
    expect(selected()?.textContent).toBe("Platinum");
    fireEvent.keyDown(tab("Platinum"), { key: "ArrowRight" });
    expect(selected()?.textContent).toBe("All");
    fireEvent.keyDown(tab("All"), { key: "ArrowLeft" });
    expect(selected()?.textContent).toBe("Platinum");
    fireEvent.keyDown(tab("Platinum"), { key: "Home" });
    expect(selected()?.textContent).toBe("All");
    fireEvent.keyDown(tab("All"), { key: "End" });
    expect(selected()?.textContent).toBe("Platinum");
    expect(document.activeElement).toBe(tab("Platinum"));
  });

  it("follows the value it is given, telling its owner of a choice", () => {
    const change = vi.fn();
    const { rerender } = render(
      <Tabs value="gold" onValueChange={change}>
        <TabsList>
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="gold">Gold</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    fireEvent.mouseDown(tab("All"), { button: 0 });
    expect(change).toHaveBeenCalledWith("all");
    expect(selected()?.textContent).toBe("Gold");
    rerender(
      <Tabs value="all" onValueChange={change}>
        <TabsList>
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="gold">Gold</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(selected()?.textContent).toBe("All");
  });
});
