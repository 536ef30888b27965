package MyLib "A user's library in folders: Components, and Examples that use them"
  import SI = Modelica.Units.SI;
  annotation(version = "1.0");
end MyLib;
