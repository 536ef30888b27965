model ExtendsBuiltinAdds "a Body of the user's that adds an equation: refused, not dropped"
  model MyBody "a body that adds an equation"
    extends Modelica.Mechanics.MultiBody.Parts.Body(m=2, r_CM={0.5,0,0});
    Real e;
  equation
    e = 2*m;
  end MyBody;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(start=0.5, fixed=true), w(start=0, fixed=true));
  MyBody body;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end ExtendsBuiltinAdds;
